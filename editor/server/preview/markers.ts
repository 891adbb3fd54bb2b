const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

/**
 * Adds `data-editor-block="<index>"` to each element directly inside `<main>`: one per block, in
 * page order (every block renders one root element). Done on the preview's HTML only, so the site's
 * components stay untouched and no marker can reach a production build. Returns the HTML unchanged,
 * and false, when the count does not match the page's blocks.
 */
export function markBlocks(html: string, blockCount: number): { html: string; marked: boolean } {
  const main = /<main\b[^>]*>/.exec(html);
  if (!main) return { html, marked: false };
  const inserts: number[] = [];
  let depth = 0;
  let rawUntil: string | undefined;
  TAG.lastIndex = main.index + main[0].length;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    if (match[0].startsWith('<!--')) continue;
    const [, closing, rawName, , selfClosing] = match;
    const name = rawName!.toLowerCase();
    if (rawUntil) {
      if (closing && name === rawUntil) rawUntil = undefined;
      else continue;
    }
    if (closing) {
      if (depth === 0) break; // </main>
      depth--;
      continue;
    }
    if (depth === 0) inserts.push(match.index + 1 + rawName!.length);
    if (name === 'script' || name === 'style' || name === 'textarea') {
      rawUntil = name;
      depth++;
      continue;
    }
    if (!VOID.has(name) && !selfClosing) depth++;
  }
  if (inserts.length !== blockCount) return { html, marked: false };
  let out = html;
  for (let i = inserts.length - 1; i >= 0; i--)
    out = `${out.slice(0, inserts[i])} data-editor-block="${i}"${out.slice(inserts[i])}`;
  return { html: out, marked: true };
}
