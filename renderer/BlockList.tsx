import type { Block } from '../blocks/schemas.ts';
import { imageSlots, imagesOfBlock } from '../schema/image-slots.ts';
import { registry } from '../blocks/registry.ts';
import type { BlockDefinition, RenderContext } from '../blocks/types.ts';
import { FirstLargeImage } from '../ui/Picture.tsx';
import type { SourceTexts } from '../ui/source-language.ts';
import type { ShownFromSource, TextsFromSource } from './language.ts';
import { once } from './rendered-once.ts';

/** What a block's HTML depends on besides the site config (see BlockList). */
const blockKey = (
  block: Block,
  index: number,
  count: number,
  firstLarge: number,
  words: string,
  sourceTexts: SourceTexts | undefined,
) => {
  const marks = sourceTexts ? JSON.stringify(sourceTexts) : '';
  return `block ${index}/${count} ${index === firstLarge} ${words} ${marks} ${JSON.stringify(block)}`;
};

/**
 * Renders the page's blocks in order, each through its registered component. The block holding the
 * page's first large image (a hero image, usually) is told so: that image loads eagerly with high
 * priority, all others lazily.
 *
 * In a build, a block's HTML is reused on every page where it is the same: its data, the words and
 * locale of its language, whether it holds the first large image, and its place (React's ids, such as a
 * section heading's, follow the number of blocks and the block's index); the site config is the
 * scope. A block reads nothing else (`RenderContext`).
 *
 * A translated block whose translation leaves some of its texts in the source's language gets their
 * paths (`sourceTexts`): the block marks each with the source's `lang` and `dir`.
 */
export function BlockList({
  blocks,
  context,
  shownFromSource,
  textsFromSource,
}: {
  blocks: Block[];
  context: RenderContext;
  /** A translation's blocks shown from its source: in the source's language, with its words. */
  shownFromSource?: ShownFromSource;
  /** A translation's texts left in the source's language inside its translated blocks. */
  textsFromSource?: TextsFromSource;
}) {
  const firstLarge = blocks.findIndex((block) =>
    imagesOfBlock(block).some((image) => imageSlots[image.slot].large),
  );
  const words = import.meta.env.SSR
    ? JSON.stringify([context.words ?? null, context.locale ?? null])
    : '';
  return (
    <>
      {blocks.map((block, index) => {
        const { Component } = registry[block.type] as BlockDefinition<typeof block.type>;
        const foreign = shownFromSource?.blocks.includes(index) ? shownFromSource : undefined;
        const blockContext = foreign
          ? { ...context, words: foreign.words, locale: foreign.locale }
          : context;
        const paths = textsFromSource?.blocks[index];
        const sourceTexts: SourceTexts | undefined =
          paths && !foreign
            ? { code: textsFromSource!.code, dir: textsFromSource!.dir, paths }
            : undefined;
        const element = (
          <Component block={block as never} context={blockContext} sourceTexts={sourceTexts} />
        );
        const rendered = import.meta.env.SSR
          ? once(
              context.config,
              blockKey(
                block,
                index,
                blocks.length,
                firstLarge,
                foreign ? JSON.stringify([foreign.words, foreign.locale]) : words,
                sourceTexts,
              ),
              element,
            )
          : element;
        return (
          <FirstLargeImage key={index} value={index === firstLarge}>
            {foreign ? (
              <div lang={foreign.code} dir={foreign.dir} className="shown-from-source">
                {rendered}
              </div>
            ) : (
              rendered
            )}
          </FirstLargeImage>
        );
      })}
    </>
  );
}

/** A page needs client JavaScript only if one of its blocks says so. */
export function needsEnhancementScript(blocks: Block[]): boolean {
  return blocks.some((block) => {
    const { isInteractive } = registry[block.type] as BlockDefinition<typeof block.type>;
    return isInteractive ? isInteractive(block as never) : false;
  });
}
