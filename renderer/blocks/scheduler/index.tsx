// PLACEHOLDER: replaced by the real component.
import type { BlockDefinition } from '../types.ts';
export const definition: BlockDefinition<'scheduler'> = { Component: ({ block }) => <pre>{JSON.stringify(block)}</pre> };
