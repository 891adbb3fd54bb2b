// The process that starts the editor's git commands (editor/git/run.ts), with the arguments and
// options run.ts gives it. Starting a program copies the memory map of the process that starts
// it: from the editor's server, hundreds of megabytes, which held up every request it answered
// (and the thread that asked) for tens of milliseconds per command; from this small process, a
// few. It ends with the process that started it.
import { execFile } from 'node:child_process';

process.on('message', ({ id, args, options, input }) => {
  const child = execFile('git', args, options, (error, stdout, stderr) => {
    const failure = error && { code: error.code, killed: Boolean(error.killed) };
    process.send?.({ id, stdout, stderr: String(stderr), ...(failure ? { error: failure } : {}) });
  });
  child.stdin?.on('error', () => {
    // git may exit before reading all of stdin; the exit code says what happened.
  });
  child.stdin?.end(input ?? '');
});
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
