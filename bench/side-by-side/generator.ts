/** One generator's build as the benchmark runs it, and its timing. */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export interface Generator {
  name: string;
  cwd: string;
  command: string[];
  /** Where its output goes, removed before every run. */
  output: string;
  /** The folder of its HTML pages (under `output`), as a path from `cwd`. */
  pages: string;
  /** Its caches, removed before a cold run. */
  caches: string[];
  /** Parts of its caches removed before a warm run too. */
  warmRemoves?: string[];
  /** Timed warm only (its cold run would be another's). */
  warmOnly?: boolean;
  /** Added to the environment. */
  env?: Record<string, string>;
}

export interface Timing {
  wallMs: number;
  /** User and system CPU time of the build and its child processes. */
  cpuMs: number;
  /** Peak RSS of its largest process. */
  peakMb: number;
}

/** One build, measured by GNU time. */
export function timed(generator: Generator, cold: boolean): Timing {
  rmSync(path.join(generator.cwd, generator.output), { recursive: true, force: true });
  for (const part of generator.warmRemoves ?? [])
    rmSync(path.join(generator.cwd, part), { recursive: true, force: true });
  if (cold)
    for (const cache of generator.caches)
      // node_modules of the Node peers is a link to their install in bench/peers/: its caches are
      // shared, removed there.
      rmSync(path.join(generator.cwd, cache), { recursive: true, force: true });
  spawnSync('sync');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '@@peak %M %U %S', ...generator.command], {
    cwd: generator.cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
      ...generator.env,
    },
  });
  const wallMs = performance.now() - started;
  if (run.status !== 0)
    throw new Error(
      `${generator.name} failed (${run.status}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
    );
  const [, peak, user, system] = /@@peak (\d+) ([\d.]+) ([\d.]+)/.exec(run.stderr) ?? [];
  return {
    wallMs,
    cpuMs: (Number(user) + Number(system)) * 1000,
    peakMb: Number(peak) / 1024,
  };
}
