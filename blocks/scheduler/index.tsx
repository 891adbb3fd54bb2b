import type { BlockDefinition } from '../types.ts';
import { Scheduler } from './Scheduler.tsx';

export const definition: BlockDefinition<'scheduler'> = {
  Component: Scheduler,
  // Hydrated to tell a loaded widget from an unreachable provider and show the fallback then.
  isInteractive: () => true,
};
