import type { BlockOf } from '../schemas.ts';
import type { SiteConfig } from '../../schema/site-config.ts';

/**
 * The embedded booking page's address: the configured URL plus the provider's embed options
 * (site-spec §7): details hidden on the home page, event-type details hidden on /contact, no cookie
 * banner inside the frame, and the embedding domain so the provider posts its events (used to tell
 * that the widget really loaded) to this page.
 */
export function schedulerSrc(config: SiteConfig, block: BlockOf<'scheduler'>): string {
  const url = new URL(config.scheduler.url);
  if (block.hideEventTypeDetails) url.searchParams.set('hide_event_type_details', '1');
  if (block.hideDetails) url.searchParams.set('hide_landing_page_details', '1');
  url.searchParams.set('hide_gdpr_banner', '1');
  url.searchParams.set('embed_domain', new URL(config.baseUrl).host);
  url.searchParams.set('embed_type', 'Inline');
  return url.toString();
}
