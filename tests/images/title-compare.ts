import { Resvg } from '@resvg/resvg-js';
import { fastTitleLayer, layerSvg, type CardText } from '../../pipeline/social/card.ts';

/**
 * A card's title layer drawn both ways: by the card's own layout (pipeline/social/title.ts) and by
 * satori. `fast` is undefined when the own layout leaves the title to satori.
 */
export async function titleBothWays(text: CardText) {
  const [fast, satori] = await Promise.all([fastTitleLayer(text), layerSvg(text, 'title')]);
  const satoriPath = pathData(satori);
  if (!fast) return { fast, satoriPath };
  const fastPath = pathData(fast.svg);
  const { left, top, right, bottom } = fast.bounds;
  // Both rasterised where the title is (its points' bounds and 2 px for anti-aliased edges):
  // outside, both SVGs are empty when their path data are the same.
  const box = [Math.floor(left) - 2, Math.floor(top) - 2];
  const size = [Math.ceil(right) + 2 - box[0]!, Math.ceil(bottom) + 2 - box[1]!];
  const crop = (svg: string) =>
    svg.replace(
      /^<svg width="1200" height="630" viewBox="0 0 1200 630"/,
      `<svg width="${size[0]}" height="${size[1]}" viewBox="${box.join(' ')} ${size.join(' ')}"`,
    );
  return { fast, satoriPath, fastPath, largest: largestDifference(crop(fast.svg), crop(satori)) };
}

/** The title's path data: every glyph's outline, placed (the `d` of satori's one text path). */
const pathData = (svg: string) => /<path fill="#0f172a" d="([^"]*)"/.exec(svg)?.[1];

/**
 * The largest difference of any channel of any pixel (0–255) of two SVGs rasterised by resvg (255
 * when their sizes differ).
 */
function largestDifference(a: string, b: string): number {
  const options = { font: { loadSystemFonts: false } };
  const first = new Resvg(a, options).render().pixels;
  const second = new Resvg(b, options).render().pixels;
  if (first.length !== second.length) return 255;
  let largest = 0;
  for (let i = 0; i < first.length; i++)
    largest = Math.max(largest, Math.abs(first[i]! - second[i]!));
  return largest;
}
