import type { ImageSlotName } from '../schema/image-slots.ts';
import type { ImageRef } from './check-images.ts';
import type { TranslationFinding } from './check-translation.ts';
import type { RouteClaim } from './claim-routes.ts';
import type { FileProblems } from './collector.ts';
import type { StoredAt } from './page-store.ts';

/**
 * What the build needs of a valid page without reading it again: its social card's text and the
 * images it shows.
 */
export interface PageSummary {
  title: string;
  /** The page names its own social image (no card is drawn for it). */
  ownSocialImage: boolean;
  images: Array<{ src: string; slot: ImageSlotName }>;
}

/**
 * A page file after phase 1, read and checked on its own, in the form the validation cache keeps:
 * what the other phases need of it, and its problems. `hash` is undefined when the file could not
 * be read as text.
 */
export interface CheckedPage {
  file: string;
  hash: string | undefined;
  /**
   * The file's identity when it was read (engine/read-page-file.ts › fileIdentity), once the file
   * had settled.
   */
  identity?: string;
  claim: RouteClaim;
  problems: FileProblems;
  /**
   * Every `href` in the file, in the order of the file (where each one is, is found again to place
   * a problem).
   */
  links: string[];
  images: ImageRef[];
  /** Only for a valid page. */
  summary?: PageSummary;
  /** Where its validated content is kept for the render workers (engine/page-store.ts). */
  stored?: StoredAt;
  /** It has blocks marked `untranslated: true` (allowed in translations only). */
  untranslated?: true;
  /**
   * For a translation: its findings against its source page, and a hash of everything they were
   * worked out from (engine/load-site.ts › translationKey): used only while that hash is the same.
   */
  translation?: { against: string; findings: TranslationFinding[] };
}
