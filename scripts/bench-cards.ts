/**
 * npm run bench:cards [-- --cards 40 --rounds 3]: the ways to draw a social card, side by side in
 * one process, alternated round by round (medians of the rounds). Each layered option adds one
 * change to the one before it, so the table shows what each is worth: the title band with resvg
 * loading the system's fonts and sharp encoding (how cards were drawn before), resvg without system
 * fonts, only the title's bounding box rasterised (and that encoded as JPEG instead, to weigh the
 * format), the row-group PNG encoder (pipeline/social/png.ts) with satori laying out the title, and
 * the build's drawing: the title laid out by the card's own code (pipeline/social/title.ts). Prints
 * ms per card, CPU per card, bytes, and the start-up cost of the first card in a fresh process,
 * with nothing cached and with the cache a build keeps.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  drawCard,
  drawWholeCard,
  layerSvg,
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

const FIRST_CARD = 'first-card';
const FIRST_TEXT: CardText = {
  title: 'One page retitled',
  section: 'Solutions',
  brand: 'B',
  host: 'h',
};
if (process.argv[2] === FIRST_CARD) {
  // A fresh process: the start-up cost of the first card (loading the tools, parsing the fonts or
  // reading the glyph table, drawing or reading the section's background) as a build pays it;
  // argv[3]: the layers folder of the cache ('' for none), argv[4]: who lays out the title.
  const started = performance.now();
  const cpu = process.cpuUsage();
  await drawCard(FIRST_TEXT, process.argv[3] || undefined, process.argv[4] as 'own' | 'satori');
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify([performance.now() - started, (used.user + used.system) / 1000]));
  process.exit(0);
}

const { values } = readCommandLine(COMMAND);
const perRound = numberOption(COMMAND, 'cards', values.cards, 40);
const rounds = numberOption(COMMAND, 'rounds', values.rounds, 3);

const text = (i: number): CardText => ({
  title: `Staylix for Goa beach resorts ${i}: cut night audits and grow direct revenue`.slice(
    0,
    30 + (i % 40),
  ),
  section: i % 3 ? 'Solutions' : 'Resources · Blog',
  brand: 'Staylix',
  host: 'www.staylix.com',
});

const rgbOf = async (rgba: Uint8Array) =>
  sharp(rgba, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer();
/**
 * The layered drawing before this encoder, step by step: `systemFonts` (resvg scans the system's
 * font folders for every SVG), `box` (the fixed title band 1016 × 454, or the title's bounding
 * box), sharp encoding the PNG at zlib level 6 (or a JPEG, quality 90, no chroma subsampling).
 */
function layered(box: 'band' | 'title', systemFonts: boolean, format: 'png' | 'jpeg' = 'png') {
  const options = { font: { loadSystemFonts: systemFonts } };
  const backgrounds = new Map<string, Promise<Buffer>>();
  return async (card: CardText) => {
    let background = backgrounds.get(card.section);
    if (!background) {
      background = layerSvg(card, 'background').then((svg) =>
        rgbOf(new Resvg(svg, options).render().pixels),
      );
      backgrounds.set(card.section, background);
    }
    const svg = await layerSvg(card, 'title');
    let area = { left: 64, top: 120, width: 1016, height: 454 };
    if (box === 'title') {
      const inner = new Resvg(svg, options).innerBBox()!;
      const left = Math.floor(inner.x) - 2;
      const top = Math.floor(inner.y) - 2;
      area = {
        left,
        top,
        width: Math.ceil(inner.x + inner.width) + 2 - left,
        height: Math.ceil(inner.y + inner.height) + 2 - top,
      };
    }
    const title = new Resvg(
      svg.replace(
        `<svg width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}"`,
        `<svg width="${area.width}" height="${area.height}" viewBox="${area.left} ${area.top} ${area.width} ${area.height}"`,
      ),
      options,
    )
      .render()
      .pixels.subarray();
    const out = Buffer.from(await background);
    for (let row = 0; row < area.height; row++)
      for (let x = 0; x < area.width; x++) {
        const pixel = (row * area.width + x) * 4;
        const alpha = title[pixel + 3]!;
        if (alpha === 0) continue;
        const rgb = ((area.top + row) * CARD_WIDTH + area.left + x) * 3;
        for (let channel = 0; channel < 3; channel++)
          out[rgb + channel] =
            title[pixel + channel]! + ((out[rgb + channel]! * (255 - alpha) + 255) >> 8);
      }
    const encoder = sharp(out, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3 } });
    return (
      format === 'png'
        ? encoder.png({ compressionLevel: 6 })
        : encoder.jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    ).toBuffer();
  };
}

const options: Record<string, (card: CardText) => Promise<Buffer>> = {
  'whole card, resvg encodes': drawWholeCard,
  'layered, title band, system fonts, sharp (before)': layered('band', true),
  'layered, title band, sharp': layered('band', false),
  'layered, title box, sharp': layered('title', false),
  'layered, title box, sharp JPEG q90 4:4:4': layered('title', false, 'jpeg'),
  'layered, title box, row-group PNG, satori title': (card) => drawCard(card, undefined, 'satori'),
  'layered, … the title laid out by title.ts (now)': (card) => drawCard(card),
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
const before = median(times['layered, title band, system fonts, sharp (before)']!.cpu);
console.log(
  `${perRound} cards × ${rounds} rounds per option, alternated; load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);
for (const [name, { wall, cpu, bytes }] of Object.entries(times))
  console.log(
    `${name.padEnd(50)} ${median(wall).toFixed(1).padStart(6)} ms/card  ${median(cpu).toFixed(1).padStart(6)} ms CPU/card  ${(bytes / 1024).toFixed(0).padStart(4)} KB  CPU ×${(median(cpu) / before).toFixed(2)}`,
  );

// The first card of a fresh process, each way alternated: with nothing cached (a cold build), and
// with the layers folder a build keeps in .cache/ (a build with one retitled page).
const layers = mkdtempSync(path.join(os.tmpdir(), 'bench-cards-'));
await drawCard(FIRST_TEXT, layers);
const firstCases = {
  'satori title, nothing cached': ['', 'satori'],
  'own title layout, nothing cached (builds the glyph table)': ['', 'own'],
  'satori title, background cached': [layers, 'satori'],
  'own title layout, glyph table and background cached': [layers, 'own'],
} as const;
const firsts: Record<string, Array<[number, number]>> = {};
for (let round = 0; round < rounds; round++)
  for (const [name, args] of Object.entries(firstCases))
    (firsts[name] ??= []).push(
      JSON.parse(
        execFileSync(
          process.execPath,
          [...process.execArgv, import.meta.filename, FIRST_CARD, ...args],
          { encoding: 'utf8' },
        ),
      ) as [number, number],
    );
rmSync(layers, { recursive: true, force: true });
console.log(`\nfirst card in a fresh process (load average ${os.loadavg()[0]!.toFixed(1)}):`);
for (const [name, runs] of Object.entries(firsts))
  console.log(
    `${name.padEnd(58)} ${median(runs.map(([wall]) => wall))
      .toFixed(0)
      .padStart(6)} ms  ${median(runs.map(([, cpu]) => cpu))
      .toFixed(0)
      .padStart(6)} ms CPU`,
  );
