/**
 * npm run bench:cards [-- --cards 40 --rounds 3]: the ways to draw a social card, side by side in
 * one process, alternated round by round (medians of the rounds): satori + resvg drawing the whole
 * card and encoding it (how cards were drawn before), the same encoded by sharp, and the layered
 * drawing the build uses (the section's background drawn once, the title rasterised alone and laid
 * over it, sharp encoding). Prints ms per card, CPU per card, bytes.
 */
import os from 'node:os';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  drawCard,
  drawWholeCard,
  type CardText,
} from '../pipeline/social/card.ts';

const COMMAND = {
  usage: 'npm run bench:cards --',
  summary:
    'Draws social cards each way side by side, alternated round by round: ms, CPU and bytes per card.',
  options: {
    cards: { type: 'string', value: '<n>', help: 'cards per round (default 40)' },
    rounds: {
      type: 'string',
      value: '<n>',
      help: 'rounds; each figure is their median (default 3)',
    },
  },
} as const satisfies CommandSpec;
const { values } = readCommandLine(COMMAND);
const perRound = numberOption(COMMAND, 'cards', values.cards, 40);
const rounds = numberOption(COMMAND, 'rounds', values.rounds, 3);
const sharp = (await import('sharp')).default;

const text = (i: number): CardText => ({
  title: `Staylix for Goa beach resorts ${i}: cut night audits and grow direct revenue`.slice(
    0,
    30 + (i % 40),
  ),
  section: i % 3 ? 'Solutions' : 'Resources · Blog',
  brand: 'Staylix',
  host: 'www.staylix.com',
});

const options: Record<string, (card: CardText) => Promise<Buffer>> = {
  'whole card, resvg encodes (before)': drawWholeCard,
  'whole card, sharp encodes': async (card) => {
    const png = await drawWholeCard(card);
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return sharp(data, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3 } })
      .png()
      .toBuffer();
  },
  'layered: background once, title alone (now)': (card) => drawCard(card),
};
// Loads and warms every option before anything is timed.
for (const draw of Object.values(options)) await draw(text(0));

const times: Record<string, { wall: number[]; cpu: number[]; bytes: number }> = {};
let n = 1;
for (let round = 0; round < rounds; round++)
  for (const [name, draw] of Object.entries(options)) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < perRound; i++) bytes += (await draw(text(n++))).length;
    const used = process.cpuUsage(cpu);
    const entry = (times[name] ??= { wall: [], cpu: [], bytes: 0 });
    entry.wall.push((performance.now() - started) / perRound);
    entry.cpu.push((used.user + used.system) / 1000 / perRound);
    entry.bytes = bytes / perRound;
  }
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const before = median(Object.values(times)[0]!.wall);
console.log(
  `${perRound} cards × ${rounds} rounds per option, alternated; load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);
for (const [name, { wall, cpu, bytes }] of Object.entries(times))
  console.log(
    `${name.padEnd(46)} ${median(wall).toFixed(1).padStart(6)} ms/card  ${median(cpu).toFixed(1).padStart(6)} ms CPU/card  ${(bytes / 1024).toFixed(0).padStart(4)} KB  ×${(median(wall) / before).toFixed(2)}`,
  );
