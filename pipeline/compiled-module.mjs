// A TypeScript entry point compiled to one JavaScript module (esbuild; packages stay in
// node_modules), kept in .cache/compiled/ and compiled again only when one of the files it was made
// from changed (by content). Plain JavaScript: scripts/run-compiled.mjs uses it before anything is
// compiled.
//
// Every `import.meta.url` / `import.meta.dirname` of the compiled code reads as if the code were in
// pipeline/ (all of the build's uses resolve a sibling of pipeline/ or a file in it: the render
// worker, the project root).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * How the build's code is compiled to run in Node without a TypeScript loader: one ES module,
 * packages left in node_modules.
 */
export const NODE_MODULE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'error',
};

/**
 * Settings of the allocators of the compilers the build starts (esbuild, written in Go; Vite's
 * bundler, rolldown, in Rust with mimalloc) for their short runs, unless the environment sets them:
 * - `GOGC=off`: no garbage collection in esbuild. A run allocates some 20 MB more and ends before
 *   collecting would pay: a process that compiles the worker module (pipeline/worker-module.ts)
 *   took 1.16 s of CPU with collection and 1.01 s without (three runs each way).
 * - `MIMALLOC_ARENA_EAGER_COMMIT=0`: mimalloc commits memory as it uses it instead of whole arenas
 *   at once (which the kernel fills with zeroed huge pages): `vike build` of this site went from
 *   about 490 to 350 MB of peak memory and from 0.8–1.2 to 0.6–0.75 s of kernel time.
 */
const COMPILER_ENV = { GOGC: 'off', MIMALLOC_ARENA_EAGER_COMMIT: '0' };

/** `env` with `COMPILER_ENV` for what it does not set itself. */
export const compilerEnv = (env) => ({ ...COMPILER_ENV, ...env });

/**
 * Runs `start` (which starts an esbuild process: esbuild's API gives that process this process's
 * environment) with `COMPILER_ENV` in the environment; the environment is as it was afterwards.
 */
export function withCompilerEnv(start) {
  const added = Object.keys(COMPILER_ENV).filter((name) => process.env[name] === undefined);
  for (const name of added) process.env[name] = COMPILER_ENV[name];
  try {
    return start();
  } finally {
    for (const name of added) delete process.env[name];
  }
}

/**
 * A hash of the content of each file the compiled module was made from, with the Node and esbuild
 * versions and the project's folder (the module has its paths written in: a project moved or copied
 * elsewhere compiles again). By content, not size and modification time: two saves of a file within
 * the file system's clock tick, at the same size, have the same time (a few milliseconds to hash
 * the build's some 200 files).
 */
function stamp(root, files, esbuildVersion) {
  const stamps = { node: process.version, esbuild: esbuildVersion, root, files: {} };
  for (const file of files) {
    try {
      stamps.files[file] = createHash('sha1')
        .update(readFileSync(path.join(root, file)))
        .digest('hex');
    } catch {
      stamps.files[file] = 'missing';
    }
  }
  return stamps;
}

/** The installed esbuild's version, without loading esbuild. */
const installedEsbuild = () =>
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'))
    .version;

function isFresh(root, outFile, manifestFile) {
  if (!existsSync(outFile) || !existsSync(manifestFile)) return false;
  try {
    const stored = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const now = stamp(root, Object.keys(stored.files), installedEsbuild());
    return (
      stored.node === now.node &&
      stored.esbuild === now.esbuild &&
      stored.root === now.root &&
      JSON.stringify(stored.files) === JSON.stringify(now.files)
    );
  } catch {
    return false;
  }
}

function compile(root, entry, name, outFile, manifestFile) {
  // esbuild is loaded only to compile (its import costs more than the check above).
  const esbuild = createRequire(import.meta.url)('esbuild');
  const buildDir = path.join(root, 'pipeline');
  const result = withCompilerEnv(() =>
    esbuild.buildSync({
      ...NODE_MODULE_OPTIONS,
      entryPoints: [path.join(root, entry)],
      outfile: outFile,
      sourcemap: 'linked',
      metafile: true,
      write: false,
      define: {
        'import.meta.url': JSON.stringify(pathToFileURL(path.join(buildDir, `${name}.mjs`)).href),
        'import.meta.dirname': JSON.stringify(buildDir),
      },
    }),
  );
  const inputs = Object.keys(result.metafile.inputs).map((file) =>
    path.relative(root, path.resolve(root, file)).split(path.sep).join('/'),
  );
  mkdirSync(path.dirname(outFile), { recursive: true });
  // Written under other names first, then renamed: a process started meanwhile never imports half a
  // file.
  const written = [
    ...result.outputFiles.map((file) => [file.path, file.contents]),
    [manifestFile, JSON.stringify(stamp(root, inputs, esbuild.version))],
  ];
  for (const [file, contents] of written) writeFileSync(`${file}.${process.pid}.tmp`, contents);
  for (const [file] of written) renameSync(`${file}.${process.pid}.tmp`, file);
}

/**
 * The compiled module of `entry` (relative to `root`), compiled first if it is missing or stale:
 * its path.
 */
export function compiledModule(root, entry) {
  const name = path.basename(entry).replace(/\.[cm]?[jt]s$/, '');
  const outDir = path.join(root, '.cache', 'compiled');
  const outFile = path.join(outDir, `${name}.mjs`);
  const manifestFile = path.join(outDir, `${name}.inputs.json`);
  if (!isFresh(root, outFile, manifestFile)) compile(root, entry, name, outFile, manifestFile);
  return outFile;
}
