import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The project's own axe-core (package.json), not the copy @axe-core/playwright pins for itself
 * (~4.13): in that one Label in Name (`label-content-name-mismatch`, WCAG 2.5.3) is experimental,
 * off by default, and the sweeps missed a switcher named other than it shows.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core run inside the page itself (axe's "legacy mode"), with every node kept only for the
 * result types asked for. Both choices change how long a run takes, not what it finds: the default
 * mode opens a blank page for each run to gather the frames' results, and lists every node that
 * passed; on the editor's screens that was four times as slow, with the same violations. Legacy mode
 * tests the page's same-origin frames but not cross-origin ones, so a cross-origin frame that is not
 * left out is an error.
 */
export async function analyzeInPage(
  page: Page,
  {
    exclude,
    tags,
    keep,
  }: { exclude: string; tags?: string[]; keep: ('incomplete' | 'violations')[] },
) {
  const untested = await crossOriginFrames(page.mainFrame(), exclude);
  if (untested.length > 0)
    throw new Error(
      `axe in the page does not test cross-origin frames (${untested.join(', ')}): leave them out, or run AxeBuilder in its default mode`,
    );
  const builder = new AxeBuilder({ page, axeSource })
    .setLegacyMode(true)
    .options({ resultTypes: keep })
    .exclude(exclude);
  return (tags ? builder.withTags(tags) : builder).analyze();
}

/** The addresses of the frames under `parent` from another origin, except those `exclude` matches. */
async function crossOriginFrames(parent: Frame, exclude: string): Promise<string[]> {
  const origin = new URL(parent.page().url()).origin;
  const found: string[] = [];
  for (const frame of parent.childFrames()) {
    const element = await frame.frameElement();
    if (await element.evaluate((node: Element, selector) => node.matches(selector), exclude))
      continue;
    const url = frame.url();
    if (!url.startsWith('about:') && new URL(url).origin !== origin) found.push(url);
    found.push(...(await crossOriginFrames(frame, exclude)));
  }
  return found;
}
