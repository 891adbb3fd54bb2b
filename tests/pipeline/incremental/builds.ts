import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  type Dirent,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_FILES } from '../../../pipeline/project-files.ts';
import { projectRoot } from '../../helpers/project-copy.ts';

const env = { ...process.env, NO_COLOR: '1' };
const BUILD = ['scripts/run-compiled.mjs', 'scripts/build.ts'];

/** `npm run build` in `dir` (as npm runs it, without npm); throws with its output when it fails. */
export function build(dir: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [...BUILD, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env,
  });
  if (result.status !== 0)
    throw new Error(
      `npm run build ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

/**
 * A build killed part way: started in a process group of its own, which is killed whole (the
 * bundler's process too) after `afterMs`, or left to finish if it ends before.
 */
export async function interruptedBuild(dir: string, afterMs: number): Promise<void> {
  const child = spawn(process.execPath, BUILD, { cwd: dir, env, detached: true, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, afterMs);
  await exited;
  clearTimeout(timer);
  // Children of the group may outlive its leader by a moment.
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // none left
  }
}

/**
 * A copy of `dir` with everything in it, caches and dist/ included (hard links and times kept: `cp
 * -a`).
 */
export function warmCopy(dir: string, prefix: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), prefix));
  execFileSync('cp', ['-a', `${dir}/.`, copy]);
  return copy;
}

/** A copy of the project files of `dir` only: no cache, no dist/ (what a fresh clone has). */
export function sourceCopy(dir: string, prefix: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of PROJECT_FILES)
    if (existsSync(path.join(dir, entry)))
      cpSync(path.join(dir, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

/**
 * What a build produces, file by file (relative path → hash of the bytes): all of dist/ (pages,
 * `_headers`, sitemap, social cards, image variants, bundles) and the generated authoring files.
 */
export function outputs(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const add = (relative: string) =>
    files.set(
      relative,
      createHash('sha1')
        .update(readFileSync(path.join(dir, relative)))
        .digest('hex'),
    );
  for (const folder of ['dist', 'schema/generated'])
    for (const entry of readdirSync(path.join(dir, folder), {
      recursive: true,
      withFileTypes: true,
    }) as Dirent[])
      if (entry.isFile()) add(path.relative(dir, path.join(entry.parentPath, entry.name)));
  add('AUTHORING.md');
  return files;
}

/**
 * The differences between two builds' outputs, one line each (empty when they are byte for byte the
 * same).
 */
export function differences(
  incremental: Map<string, string>,
  clean: Map<string, string>,
): string[] {
  const lines: string[] = [];
  for (const [file, hash] of clean)
    if (!incremental.has(file)) lines.push(`missing from the incremental build: ${file}`);
    else if (incremental.get(file) !== hash) lines.push(`different bytes: ${file}`);
  for (const file of incremental.keys())
    if (!clean.has(file)) lines.push(`only in the incremental build: ${file}`);
  return lines.sort();
}
