// One git command started with execFile (no shell), its answer as data: stdout, stderr and, when
// it failed, how. Plain JavaScript: the runner process (git-runner.mjs) imports it without a
// TypeScript loader, and editor/git/run.ts where the runner cannot start.
import { execFile } from 'node:child_process';

export function execGit(args, options, input) {
  return new Promise((resolve) => {
    const child = execFile('git', args, options, (error, stdout, stderr) => {
      const failure = error && { code: error.code, killed: Boolean(error.killed) };
      resolve({ stdout, stderr: String(stderr), ...(failure ? { error: failure } : {}) });
    });
    child.stdin?.on('error', () => {
      // git may exit before reading all of stdin; the exit code says what happened.
    });
    child.stdin?.end(input ?? '');
  });
}
