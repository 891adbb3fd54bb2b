import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core run inside the page itself (axe's "legacy mode"), with every node kept only for the
 * result types asked for. Both choices change how long a run takes, not what it finds: the default
 * mode opens a blank page for each run to gather the frames' results, and lists every node that
 * passed; on the editor's screens that was four times as slow, with the same violations. Legacy mode
 * does not test cross-origin frames, so the page may have no frame besides the one left out.
 */
export async function analyzeInPage(
  page: Page,
  {
    exclude,
    tags,
    keep,
  }: { exclude: string; tags?: string[]; keep: ('incomplete' | 'violations')[] },
) {
  const frames = await page.locator(`iframe:not(${exclude})`).count();
  if (frames > 0)
    throw new Error(
      `${frames} frame(s) besides ${exclude}: axe in the page does not test cross-origin frames; leave them out or run AxeBuilder in its default mode`,
    );
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: keep })
    .exclude(exclude);
  return (tags ? builder.withTags(tags) : builder).analyze();
}
