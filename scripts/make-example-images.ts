/**
 * Draws the example images the block catalogue shows (public/images/examples/) as SVG and renders
 * them with sharp: a product screenshot for the hero, four card covers, two testimonial portraits.
 * Made for this project, under the project's licence. Run again after editing a drawing: `npx tsx
 * scripts/make-example-images.ts`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { readCommandLine } from '../engine/command-line.ts';

readCommandLine({
  usage: 'npx tsx scripts/make-example-images.ts',
  summary:
    'Draws the example images of the block catalogue and renders them into public/images/examples/.',
  options: {},
});

const out = path.join(process.cwd(), 'public/images/examples');
const brand = '#1d4ed8';
const ink = '#0f172a';
const soft = '#e2e8f0';
const font = 'font-family="DejaVu Sans, Arial, sans-serif"';

/** A rounded bar standing in for a line of text. */
const line = (x: number, y: number, w: number, color = soft, h = 12) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${color}"/>`;

function dashboard(): string {
  const kpis = [
    ['Occupancy', '86%', '#16a34a'],
    ['Arrivals today', '42', brand],
    ['ADR', '€148', '#7c3aed'],
    ['AI replies', '94%', '#0891b2'],
  ];
  const bars = [52, 64, 58, 71, 80, 76, 88, 84, 92, 86, 95, 90];
  const rows = [
    'Check-in 14:00 · Room 204',
    'Late checkout request',
    'Airport transfer booked',
    'Spa upsell accepted',
    'Breakfast added · 2 guests',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8faff"/><stop offset="1" stop-color="#eef3ff"/></linearGradient>
  <linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b6ef6"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  <rect width="1600" height="1000" fill="url(#bg)"/>
  <rect x="0" y="0" width="280" height="1000" fill="${ink}"/>
  <rect x="36" y="36" width="44" height="44" rx="12" fill="${brand}"/><text x="96" y="68" ${font} font-size="26" font-weight="700" fill="#fff">Staylix</text>
  ${['Dashboard', 'Reservations', 'Channels', 'Guest chat', 'Upsells', 'Housekeeping', 'Reports']
    .map(
      (label, i) =>
        `<rect x="24" y="${132 + i * 64}" width="232" height="48" rx="10" fill="${i === 0 ? '#1e293b' : 'none'}"/><circle cx="56" cy="${156 + i * 64}" r="9" fill="${i === 0 ? '#60a5fa' : '#475569'}"/><text x="80" y="${164 + i * 64}" ${font} font-size="20" fill="${i === 0 ? '#fff' : '#94a3b8'}">${label}</text>`,
    )
    .join('')}
  <text x="336" y="92" ${font} font-size="36" font-weight="700" fill="${ink}">Good morning, Harbor Hotel</text>
  ${line(336, 116, 360, '#cbd5e1', 14)}
  <rect x="1290" y="52" width="270" height="56" rx="14" fill="${brand}"/><text x="1330" y="88" ${font} font-size="22" font-weight="700" fill="#fff">+ New booking</text>
  ${kpis
    .map(([label, value, color], i) => {
      const x = 336 + i * 312;
      return `<rect x="${x}" y="170" width="288" height="150" rx="20" fill="#fff" stroke="${soft}" stroke-width="2"/>
      <text x="${x + 28}" y="216" ${font} font-size="20" fill="#64748b">${label}</text>
      <text x="${x + 28}" y="284" ${font} font-size="52" font-weight="800" fill="${color}">${value}</text>`;
    })
    .join('')}
  <rect x="336" y="352" width="760" height="600" rx="24" fill="#fff" stroke="${soft}" stroke-width="2"/>
  <text x="372" y="408" ${font} font-size="26" font-weight="700" fill="${ink}">Revenue, last 12 weeks</text>
  ${bars.map((v, i) => `<rect x="${380 + i * 58}" y="${900 - v * 4.4}" width="38" height="${v * 4.4}" rx="8" fill="url(#bar)"/>`).join('')}
  <rect x="1128" y="352" width="432" height="600" rx="24" fill="#fff" stroke="${soft}" stroke-width="2"/>
  <text x="1160" y="408" ${font} font-size="26" font-weight="700" fill="${ink}">Guest messages</text>
  ${rows
    .map(
      (
        row,
        i,
      ) => `<circle cx="1184" cy="${476 + i * 92}" r="22" fill="${['#dbeafe', '#ede9fe', '#dcfce7', '#fef3c7', '#e0f2fe'][i]}"/>
    <text x="1222" y="${470 + i * 92}" ${font} font-size="19" fill="${ink}">${row}</text>${line(1222, 482 + i * 92, 220 - i * 18)}`,
    )
    .join('')}
</svg>`;
}

function cover(hue: number, icon: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1120" height="630" viewBox="0 0 1120 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 85% 96%)"/><stop offset="1" stop-color="hsl(${hue + 30} 80% 88%)"/></linearGradient></defs>
  <rect width="1120" height="630" fill="url(#g)"/>
  <circle cx="980" cy="90" r="220" fill="hsl(${hue} 90% 70%)" opacity="0.25"/>
  <circle cx="120" cy="600" r="180" fill="hsl(${hue + 40} 90% 65%)" opacity="0.2"/>
  <rect x="250" y="120" width="620" height="400" rx="28" fill="#fff" stroke="hsl(${hue} 60% 80%)" stroke-width="3"/>
  <rect x="250" y="120" width="620" height="64" rx="28" fill="hsl(${hue} 70% 45%)"/><rect x="250" y="150" width="620" height="34" fill="hsl(${hue} 70% 45%)"/>
  <circle cx="290" cy="152" r="9" fill="#fff" opacity="0.8"/><circle cx="320" cy="152" r="9" fill="#fff" opacity="0.6"/><circle cx="350" cy="152" r="9" fill="#fff" opacity="0.4"/>
  <g transform="translate(300 230)">${icon}</g>
  ${line(480, 240, 330, `hsl(${hue} 40% 80%)`, 18)}${line(480, 280, 260)}${line(480, 316, 290)}
  ${[0, 1, 2].map((i) => `<rect x="${300 + i * 190}" y="${400}" width="160" height="80" rx="16" fill="hsl(${hue} 80% ${94 - i * 4}%)"/>${line(320 + i * 190, 426, 90, `hsl(${hue} 50% 70%)`, 12)}${line(320 + i * 190, 450, 60)}`).join('')}
</svg>`;
}

const icons = {
  operations: `<rect width="140" height="140" rx="32" fill="#1d4ed8"/><path d="M40 100V60l30-22 30 22v40H80V78H60v22z" fill="#fff"/>`,
  sales: `<rect width="140" height="140" rx="32" fill="#7c3aed"/><path d="M36 100l24-30 20 16 26-40" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  guests: `<rect width="140" height="140" rx="32" fill="#0891b2"/><circle cx="70" cy="56" r="20" fill="#fff"/><path d="M34 108c4-20 18-30 36-30s32 10 36 30z" fill="#fff"/>`,
  payments: `<rect width="140" height="140" rx="32" fill="#16a34a"/><rect x="30" y="44" width="80" height="54" rx="10" fill="#fff"/><rect x="30" y="56" width="80" height="12" fill="#16a34a"/>`,
};

function portrait(skin: string, hair: string, shirt: string, background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="224" height="224" viewBox="0 0 224 224">
  <rect width="224" height="224" fill="${background}"/>
  <path d="M40 224c6-46 36-70 72-70s66 24 72 70z" fill="${shirt}"/>
  <rect x="98" y="128" width="28" height="32" rx="10" fill="${skin}"/>
  <ellipse cx="112" cy="96" rx="44" ry="50" fill="${skin}"/>
  <path d="M66 92c0-34 20-52 46-52s48 16 46 54c-8-18-22-26-46-28-20 2-36 10-46 26z" fill="${hair}"/>
  <circle cx="96" cy="100" r="4.5" fill="${ink}"/><circle cx="128" cy="100" r="4.5" fill="${ink}"/>
  <path d="M98 122c8 7 20 7 28 0" stroke="${ink}" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

mkdirSync(out, { recursive: true });
const svg = (text: string) => sharp(Buffer.from(text));
await svg(dashboard())
  .png({ compressionLevel: 9, palette: true, quality: 100, dither: 0 })
  .toFile(path.join(out, 'dashboard.png'));
for (const [name, hue] of [
  ['operations', 222],
  ['sales', 262],
  ['guests', 190],
  ['payments', 142],
] as const) {
  await svg(cover(hue, icons[name]))
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(path.join(out, `cover-${name}.jpg`));
}
await svg(portrait('#f1c7a5', '#3f2a1d', '#1d4ed8', '#dbeafe'))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(path.join(out, 'portrait-manager.jpg'));
await svg(portrait('#c68642', '#1f1410', '#7c3aed', '#ede9fe'))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(path.join(out, 'portrait-ops-lead.jpg'));
console.log(`Example images written to ${path.relative(process.cwd(), out)}/`);
