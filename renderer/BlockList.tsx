import type { Block } from '../schema/blocks.ts';
import { registry } from './blocks/registry.ts';
import type { BlockDefinition, RenderContext } from './blocks/types.ts';

/** Renders the page's blocks in order, each through its registered component. */
export function BlockList({ blocks, context }: { blocks: Block[]; context: RenderContext }) {
  return (
    <>
      {blocks.map((block, index) => {
        const { Component } = registry[block.type] as BlockDefinition<typeof block.type>;
        return <Component key={index} block={block as never} context={context} />;
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
