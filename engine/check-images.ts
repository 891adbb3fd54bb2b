import path from 'node:path';
import { readImageHeader, type HeaderResult } from '../ui/image-header.ts';
import { imageSlots, imagesOfBlock, type ImageSlotName } from '../schema/image-slots.ts';
import type { Diagnostic } from './diagnostic.ts';
import { didYouMean } from './did-you-mean.ts';
import { authorErrors, type AuthorError } from './errors.ts';
import { refPath, type Ref } from './check-references.ts';
import type { Locator, Reporter } from './collector.ts';
import type { YamlPath } from './yaml-source.ts';

/**
 * Originals above this size get a warning: the site serves small copies, but the repository and
 * builds carry them.
 */
const HEAVY_IMAGE_BYTES = 3 * 1024 * 1024;

/**
 * An image path found in a file, with the slot its block puts it in (read from the data when the
 * file was read). Where it is in the file is found again only to place a problem (`refPath`).
 */
export interface ImageRef {
  value: string;
  slot?: ImageSlotName;
}

const hasParentSegment = (src: string) => /(^|[/\\])\.\.([/\\]|$)/.test(src);

/**
 * Headers read during one validation run (keyed by that run's list of public files): one stat per
 * image, not per use.
 */
const headersOfRun = new WeakMap<Set<string>, Map<string, HeaderResult>>();

function headerOf(files: Set<string>, root: string, src: string): HeaderResult {
  let run = headersOfRun.get(files);
  if (!run) headersOfRun.set(files, (run = new Map()));
  let result = run.get(src);
  if (!result) run.set(src, (result = readImageHeader(path.join(root, 'public', src))));
  return result;
}

/** The slot of the image whose `src` is at `srcPath` in a page, when a block puts it in one. */
function slotAt(data: unknown, srcPath: YamlPath): ImageSlotName | undefined {
  if (srcPath[0] !== 'blocks' || typeof srcPath[1] !== 'number') return undefined;
  const block = (data as { blocks?: unknown[] }).blocks?.[srcPath[1]];
  const imagePath = JSON.stringify(srcPath.slice(2, -1));
  return imagesOfBlock(block).find((image) => JSON.stringify(image.path) === imagePath)?.slot;
}

/** The image paths of a file's data with their slots, in the order of the file. */
export const withSlots = (data: unknown, images: readonly Ref[]): ImageRef[] =>
  images.map(({ value, path: at }) => {
    const slot = slotAt(data, at);
    return slot ? { value, slot } : { value };
  });

/**
 * Checks every image path of a file: inside public/ (no ".."), present, a format the build reads,
 * with a size, wide enough for its slot, and not a huge original. Headers only are read (cached by
 * path and mtime), so a thousand pages sharing a few images cost a few stat calls each. Without
 * `root` only the path and presence are checked.
 */
export function checkImageRefs(
  source: Locator,
  images: readonly ImageRef[],
  collector: Reporter,
  publicFiles: () => Set<string>,
  root?: string,
) {
  for (let index = 0; index < images.length; index++) {
    const { value: src, slot: slotName } = images[index]!;
    if (!src.startsWith('/')) continue;
    const report = (error: AuthorError, severity: Diagnostic['severity'] = 'error') => {
      const at = refPath(source, 'images', index, src);
      collector.add(source, error, source.positionOf(at), severity, at);
    };
    if (hasParentSegment(src)) {
      report(authorErrors.imagePathTraversal(src));
      continue;
    }
    const files = publicFiles();
    if (!files.has(src)) {
      report(authorErrors.missingImage(src, didYouMean(src, [...files])));
      continue;
    }
    if (root === undefined) continue;
    const read = headerOf(files, root, src);
    if (!read.ok) {
      const error =
        read.reason === 'unsupported'
          ? authorErrors.imageUnsupported(src)
          : read.reason === 'no-size'
            ? authorErrors.svgWithoutSize(src)
            : authorErrors.imageUnreadable(src);
      report(error);
      continue;
    }
    const { header } = read;
    if (header.format === 'svg') continue;
    const slot = slotName ? imageSlots[slotName] : undefined;
    if (slot && header.width < slot.minWidth) {
      report(authorErrors.imageTooSmall(src, header.width, slot.minWidth, slot.label));
    }
    if (header.bytes > HEAVY_IMAGE_BYTES) {
      report(
        authorErrors.imageTooHeavy(
          src,
          (header.bytes / 1024 / 1024).toFixed(1),
          header.width,
          header.height,
        ),
        'warning',
      );
    }
  }
}
