// PLACEHOLDER: replaced by the real component.
import type { BlockDefinition } from '../types.ts';
export const definition: BlockDefinition<'breadcrumbs'> = { Component: ({ block }) => <pre>{JSON.stringify(block)}</pre> };
