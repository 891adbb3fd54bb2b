import type { BlockDefinition } from '../types.ts';
import { RichText } from './RichText.tsx';

export const definition: BlockDefinition<'richText'> = { Component: RichText };
