import type { BlockDefinition } from '../types.ts';
import { ContactDetails } from './ContactDetails.tsx';

/** Static: plain HTML and CSS, no client JavaScript. */
export const definition: BlockDefinition<'contactDetails'> = { Component: ContactDetails };
