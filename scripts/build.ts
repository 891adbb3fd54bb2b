/**
 * npm run build: JSON schemas and the AUTHORING.md reference, validation (the build stops on any error), `vike build`
 * (client, server and the prerender of every route), postbuild (CSS inlining, sitemap.xml, robots.txt).
 * Two Node processes instead of four: this one, and `vike build` in a plain Node process of its own, because under
 * tsx's module loader it runs 10% slower (1.5 s at 1000 pages).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { validatorMessages } from '../engine/errors.ts';
import { writeGeneratedFiles } from './generate-schema.ts';
import { runPostbuild } from './postbuild.ts';
import { validateAndReport } from './validate.ts';

const root = process.cwd();
const started = performance.now();
const lap = (() => {
  let last = started;
  return () => {
    const ms = performance.now() - last;
    last += ms;
    return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  };
})();
console.log(writeGeneratedFiles(root));
const schemaTime = lap();
const { exitCode } = validateAndReport(root, 'pretty', false);
const validateTime = lap();
if (exitCode) {
  console.error(`\n${validatorMessages.buildStopped}`);
  process.exit(exitCode);
}
const vikeBin = path.join(root, 'node_modules', 'vike', 'bin.js');
const vike = spawnSync(process.execPath, [vikeBin, 'build'], { cwd: root, stdio: 'inherit' });
if (vike.status !== 0) process.exit(vike.status ?? 1);
const vikeTime = lap();
console.log(runPostbuild(root, path.join(root, 'dist/client')));
const postbuildTime = lap();
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Built in ${total} s: schemas ${schemaTime}, validation ${validateTime}, vike build ${vikeTime} (client, server, prerender), postbuild ${postbuildTime}.`);
