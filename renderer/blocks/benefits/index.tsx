// PLACEHOLDER: replaced by the real component.
import type { BlockDefinition } from '../types.ts';
export const definition: BlockDefinition<'benefits'> = { Component: ({ block }) => <pre>{JSON.stringify(block)}</pre> };
