// PLACEHOLDER: replaced by the real component.
import type { BlockDefinition } from '../types.ts';
export const definition: BlockDefinition<'impactStats'> = { Component: ({ block }) => <pre>{JSON.stringify(block)}</pre> };
