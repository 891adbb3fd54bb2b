import { localeOf } from '../schema/locales.ts';
import type { RenderContext } from './types.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date an author wrote as `2024-01-31`, in the page's language and region (`31. Januar 2024` on a
 * German page); undefined for any other text (shown as written) or a day that does not exist.
 */
export function shownDate(
  value: string,
  context: RenderContext,
): { iso: string; shown: string } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== value) return undefined;
  const locale = context.locale ?? localeOf(context.config.seo.locale);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return { iso: value, shown: format.format(date) };
}
