import type { BlockDefinition } from '../types.ts';
import { VideoPlaceholder } from './VideoPlaceholder.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'videoPlaceholder'> = { Component: VideoPlaceholder };
