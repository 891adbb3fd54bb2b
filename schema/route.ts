import { z } from 'zod';

/**
 * The one definition of a route: `/`, or parts of lowercase letters, digits and dashes (not
 * starting with a dash) separated by `/`. Page file names (pages/<route>.yaml), aliases and new
 * pages all follow it.
 */
export const ROUTE_SEGMENT = /^[a-z0-9][a-z0-9-]*$/;
export const ROUTE = /^\/(?:[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)?$/;

/** A route field, e.g. an alias: `/features` or `/blog/ai-that-delivers`. */
export const routePath = z
  .string()
  .regex(ROUTE, 'a path like /features: lowercase words separated by / and -')
  .meta({ examples: ['/features'] });
