/** The benchmark's table and the ratios the targets are set in. */
import os from 'node:os';
import type { Timing } from './generator.ts';
import type { MissingPeer } from './peers.ts';

export interface Timings {
  name: string;
  warm: Timing[];
  cold: Timing[];
}

/** The medians of a generator's runs of one kind. */
function medians(runs: Timing[]): { wall: number; cpu: number } {
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { wall: median(runs.map((run) => run.wallMs)), cpu: median(runs.map((run) => run.cpuMs)) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);

/**
 * Prints the table (ours first in `timings`, then ours with every page rendered, warm only) and our
 * build against each peer's, wall time and CPU time (on a loaded machine the CPU ratio is the one to
 * trust).
 */
export function printReport(
  timings: Timings[],
  missing: MissingPeer[],
  pages: number,
  runs: number,
): void {
  const oursWarm = medians(timings[0]!.warm);
  const oursCold = medians(timings[0]!.cold);
  const rendering = timings[1]!;
  console.log(
    `\n${pages} pages, ${runs} round${runs === 1 ? '' : 's'} alternated (medians), Node ${process.version}, ` +
      `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  console.log(
    '| generator | warm | warm CPU | cold | cold CPU | peak memory | warm ÷ ours warm | warm CPU ÷ ours |',
  );
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|');
  for (const { name, warm, cold } of timings) {
    const w = medians(warm);
    const c = cold.length ? medians(cold) : undefined;
    const peak = Math.max(...[...warm, ...cold].map((run) => run.peakMb));
    console.log(
      `| ${name} | ${seconds(w.wall)} | ${seconds(w.cpu)} | ${c ? seconds(c.wall) : '–'} | ` +
        `${c ? seconds(c.cpu) : '–'} | ${Math.round(peak)} MB | ${ratio(w.wall, oursWarm.wall)} | ` +
        `${ratio(w.cpu, oursWarm.cpu)} |`,
    );
  }
  const lines: string[] = ['', 'This project against each peer (wall time, CPU time in brackets):'];
  const against = (
    prefix: string,
    kind: 'warm' | 'cold',
    target: string,
    ours = kind === 'warm' ? oursWarm : oursCold,
    which = `ours ${kind}`,
  ) => {
    const peer = timings.find(({ name }) => name.startsWith(prefix));
    const gone = missing.find(({ name }) => name.startsWith(prefix));
    if (peer) {
      const theirs = medians(peer[kind]);
      lines.push(
        `${which} ÷ ${peer.name} ${kind}: ${ratio(ours.wall, theirs.wall)} ` +
          `(${ratio(ours.cpu, theirs.cpu)}); ${target}`,
      );
    } else if (gone) lines.push(`${which} ÷ ${gone.name}: not measured: ${gone.why}`);
  };
  against('Eleventy', 'warm', 'target ≤ 1');
  against('Astro 7', 'warm', 'target ≤ 0.6');
  against('Astro 5', 'warm', 'no target');
  against('Hugo', 'warm', 'no target (the compiled generator: the limit to approach)');
  against('Eleventy', 'cold', 'target ≤ 2.5');
  const renderingWarm = medians(rendering.warm);
  for (const prefix of ['Eleventy', 'Astro 7', 'Hugo'])
    against(prefix, 'warm', 'every page rendered', renderingWarm, 'ours warm, pages rendered');
  console.log(lines.join('\n'));
}
