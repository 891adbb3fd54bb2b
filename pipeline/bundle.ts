/**
 * The client and server bundles (`vike build` without its prerender), cached by what they are made
 * of: the code (renderer/, schema/, engine/), public/, the Vite and TypeScript config, the package
 * versions (package-lock.json) and Node's version, and the project's folder. A YAML page or
 * site.config.yaml is not bundled (the renderer reads the site at render time), so changing one
 * never re-bundles; nor does `--catalogue` (the catalogue's Vike pages are in every bundle, and
 * only rendered when asked for), nor do the generated authoring files (schema/generated/: the build
 * writes them from the site config, and no bundled module imports them).
 *
 * An entry is made in a temporary folder and renamed to its key once complete; its key is taken
 * again after bundling, and a bundle whose inputs changed meanwhile is thrown away (it could be of
 * either version).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { validatorMessages } from '../engine/errors.ts';
import { hashTree, sha1 } from '../engine/hash.ts';
import { workerModuleOf, writeWorkerModule } from './worker-module.ts';
import { compilerEnv } from './compiled-module.mjs';

const INPUTS = [
  'blocks',
  'ui',
  'renderer',
  'schema',
  'engine',
  'pipeline',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** Files under INPUTS that no bundle is made of: tests and the generated authoring files. */
const notBundled = (file: string) =>
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) ||
  file.includes('/__snapshots__/') ||
  file.startsWith('schema/generated/');

/**
 * V8 optimises a function once it has run a certain amount of bytecode (its interrupt budget). The
 * bundler is a process of a few seconds in which most functions run briefly: with eight times the
 * budget, V8 compiles far fewer of them that would not have paid back their compiling, and the
 * process takes about a sixth less CPU (docs/build-speed.md, "Bundle").
 */
const BUNDLER_V8_FLAGS = ['--interrupt-budget=540672'];

/**
 * The code, public/ or the lockfile changed while they were bundled: an author's matter (build
 * again), not a fault.
 */
export class BundleInputsChangedError extends Error {}

export interface Bundle {
  /** Hash of everything the bundles are made of. */
  key: string;
  /** `<dir>/client` (assets and public/ files), `<dir>/server` (entry.mjs), `<dir>/assets.json`. */
  dir: string;
  serverEntry: string;
  /** False when it was taken from the cache. */
  built: boolean;
}

/**
 * Also the project's folder and where its node_modules really is: the server bundle has the
 * project's path written in, and Vite names the modules of a node_modules linked from elsewhere by
 * their path from the project (other chunk names and hashes), so a bundle made in another folder is
 * another bundle.
 */
export function bundleKey(root: string): string {
  const modules = path.join(root, 'node_modules');
  return sha1(
    hashTree(root, INPUTS, notBundled),
    process.version,
    path.resolve(root),
    existsSync(modules) ? realpathSync(modules) : '-',
  );
}

/**
 * Runs `child` to completion; rejects with its exit code. Killed with the build when the build is
 * interrupted.
 */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: 'inherit', killSignal: 'SIGKILL' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `vike build ${signal ? `was stopped by ${signal}` : `failed (exit ${code})`}`,
            ),
          ),
    );
  });
}

export async function bundle(
  root: string,
  cacheDir: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<Bundle> {
  const key = bundleKey(root);
  const bundles = path.join(cacheDir, 'bundle');
  const dir = path.join(bundles, key);
  const serverEntry = path.join(dir, 'server', 'entry.mjs');
  if (existsSync(serverEntry) && existsSync(workerModuleOf(serverEntry)))
    return { key, dir, serverEntry, built: false };
  mkdirSync(bundles, { recursive: true });
  const temporary = `${dir}.tmp-${process.pid}`;
  try {
    const script = path.join(root, 'pipeline', 'vike-bundle.mjs');
    await run(process.execPath, [...BUNDLER_V8_FLAGS, script, temporary], {
      cwd: root,
      env: compilerEnv(env),
      signal,
    });
    const builtEntry = path.join(temporary, 'server', 'entry.mjs');
    await writeWorkerModule(root, builtEntry, workerModuleOf(builtEntry));
    if (bundleKey(root) !== key)
      throw new BundleInputsChangedError(validatorMessages.codeChangedWhileBundling);
    // Only the newest bundle is kept (one is 5–10 MB, an older one is only useful after a revert),
    // and no left-overs of an interrupted build.
    for (const old of readdirSync(bundles))
      if (path.join(bundles, old) !== temporary)
        rmSync(path.join(bundles, old), { recursive: true, force: true });
    renameSync(temporary, dir);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return { key, dir, serverEntry, built: true };
}
