/**
 * npm run bench:peers [-- --pages 1000] [--runs 3] [--keep]: this project side by side with other
 * site generators on the same pages, N copies of pages/solutions/hotels.yaml (bench/side-by-side/
 * has the parts; docs/build-speed.md, "Peers", says what is compared and how).
 *
 * - This project builds them from the YAML as always; its built HTML of the first copy is the peers'
 *   template (route, title and card URL as variables).
 * - Eleventy 3, Astro 5 and Astro 7 (with its own Node 22 where this Node is older) read the same
 *   YAML and write each page from that template; Hugo too when a `hugo` binary is on the PATH.
 *   After a warm-up build of each, every page of every peer must be our HTML (whitespace aside), or
 *   the benchmark stops before timing anything.
 * - Each generator runs in its own process, one at a time, alternated round by round: warm (output
 *   removed, caches kept) and cold (caches removed too). This project's warm build takes unchanged
 *   pages from its rendered-page store; a second line times it warm with that store removed (every
 *   page rendered). Prints medians of wall and CPU time, peak memory and ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { timed } from '../bench/side-by-side/generator.ts';
import { installPeers } from '../bench/side-by-side/install.ts';
import { makeOurs, peerInput, SOURCE_PAGE } from '../bench/side-by-side/our-pages.ts';
import {
  ourGenerator,
  ourGeneratorRenderingEveryPage,
  peers,
} from '../bench/side-by-side/peers.ts';
import { printReport, type Timings } from '../bench/side-by-side/report.ts';
import { checkSameHtml } from '../bench/side-by-side/same-html.ts';

const COMMAND = {
  usage: 'npm run bench:peers --',
  summary:
    'Builds N copies of pages/solutions/hotels.yaml with this project, Eleventy, Astro 5 and 7 (installed into ' +
    'bench/peers/ on the first run) and Hugo (when on the PATH), with the same HTML, and times each side by ' +
    'side, alternated: warm (output removed, caches kept) and cold (output and caches removed, as a fresh CI ' +
    'checkout).',
  options: {
    pages: { type: 'string', value: '<n>', help: 'how many copies (default 1000)' },
    runs: {
      type: 'string',
      value: '<n>',
      help: 'rounds after a warm-up; figures are medians (default 3)',
    },
    keep: { type: 'boolean', help: 'keep the temporary projects (their folders are printed)' },
  },
} as const satisfies CommandSpec;

const { values } = readCommandLine(COMMAND);
const pages = numberOption(COMMAND, 'pages', values.pages, 1000);
const runs = numberOption(COMMAND, 'runs', values.runs, 3);
if (!(pages >= 2) || !(runs >= 1))
  throw new Error('--pages must be at least 2 and --runs at least 1.');
installPeers();
const ours = makeOurs(pages);
const peersRoot = mkdtempSync(path.join(os.tmpdir(), 'bench-peers-'));
try {
  const self = ourGenerator(ours);
  const { present, missing } = peers(peersRoot);
  for (const { name, why } of missing) console.log(`${name}: not measured: ${why}`);
  console.log(`Building ${pages} copies of ${SOURCE_PAGE} with each generator (warm-up)…`);
  timed(self, true);
  const input = peerInput(ours, pages);
  for (const peer of present) {
    peer.write(input);
    timed(peer.generator, true);
    checkSameHtml(self, peer.generator, pages);
  }
  console.log(`Every peer wrote our HTML for all ${pages} pages (whitespace aside). Timing…`);
  const list = [
    self,
    ourGeneratorRenderingEveryPage(ours),
    ...present.map(({ generator }) => generator),
  ];
  const timings: Timings[] = list.map(({ name }) => ({ name, warm: [], cold: [] }));
  for (let round = 0; round < runs; round++)
    for (const cold of [false, true])
      list.forEach((generator, index) => {
        if (!(cold && generator.warmOnly))
          timings[index]![cold ? 'cold' : 'warm'].push(timed(generator, cold));
      });
  printReport(timings, missing, pages, runs);
  if (values.keep) console.log(`\nKept: ${ours} and ${peersRoot}`);
} finally {
  if (!values.keep) {
    rmSync(ours, { recursive: true, force: true });
    rmSync(peersRoot, { recursive: true, force: true });
  }
}
