import type { Block } from '../blocks/schemas.ts';
import { imageSlots, imagesOfBlock } from '../schema/image-slots.ts';
import { registry } from '../blocks/registry.ts';
import type { BlockDefinition, RenderContext } from '../blocks/types.ts';
import { FirstLargeImage } from '../ui/Picture.tsx';

/**
 * Renders the page's blocks in order, each through its registered component. The block holding the
 * page's first large image (a hero image, usually) is told so: that image loads eagerly with high
 * priority, all others lazily.
 */
export function BlockList({ blocks, context }: { blocks: Block[]; context: RenderContext }) {
  const firstLarge = blocks.findIndex((block) =>
    imagesOfBlock(block).some((image) => imageSlots[image.slot].large),
  );
  return (
    <>
      {blocks.map((block, index) => {
        const { Component } = registry[block.type] as BlockDefinition<typeof block.type>;
        return (
          <FirstLargeImage key={index} value={index === firstLarge}>
            <Component block={block as never} context={context} />
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
