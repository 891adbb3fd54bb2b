import type { BlockDefinition } from '../types.ts';
import { LinkList } from './LinkList.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'linkList'> = { Component: LinkList };
