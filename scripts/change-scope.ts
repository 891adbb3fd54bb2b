/**
 * npx tsx scripts/change-scope.ts --base <commit> [--head <commit>]: what a push or pull request
 * changed, for CI to pick its path. Prints `scope=content` when every changed file is content
 * (pages/, public/, site.config.yaml): validate, build and check the built site; otherwise
 * `scope=code`: every test. Also `pages=` the changed page files (for the accessibility check of
 * the changed pages). With GITHUB_OUTPUT set, writes both lines there too. A base that is missing
 * or unknown (a new branch, a force push) counts as code: nothing is skipped when in doubt.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { readCommandLine, type CommandSpec } from '../engine/command-line.ts';

const CONTENT = [/^pages\//, /^public\//, /^site\.config\.yaml$/];

/** `content` when every path is content (and there is at least one), else `code`. */
export function scopeOf(changed: string[]): 'content' | 'code' {
  return changed.length > 0 && changed.every((file) => CONTENT.some((re) => re.test(file)))
    ? 'content'
    : 'code';
}

/**
 * The files changed between two commits of the repository in `cwd` (renames as both names);
 * undefined if unknown.
 */
export function changedFiles(cwd: string, base: string, head: string): string[] | undefined {
  if (!base || /^0+$/.test(base)) return undefined;
  try {
    const out = execFileSync(
      'git',
      ['diff', '--name-only', '--no-renames', '-z', `${base}...${head}`],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return out.split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

const COMMAND = {
  usage: 'npx tsx scripts/change-scope.ts',
  summary: 'Prints scope=content|code and pages=<changed page files> for CI to pick its path.',
  options: {
    base: { type: 'string', value: '<commit>', help: 'the commit the change starts from' },
    head: { type: 'string', value: '<commit>', help: 'the commit it ends at (default HEAD)' },
  },
} as const satisfies CommandSpec;

function main() {
  const { values } = readCommandLine(COMMAND);
  const changed = changedFiles(process.cwd(), values.base ?? '', values.head ?? 'HEAD');
  const scope = changed ? scopeOf(changed) : 'code';
  const pages = (changed ?? []).filter((file) => /^pages\/.*\.ya?ml$/.test(file));
  const lines = [`scope=${scope}`, `pages=${pages.join(' ')}`];
  console.log(lines.join('\n'));
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${lines.join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
