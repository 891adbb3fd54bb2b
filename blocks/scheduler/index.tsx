import type { BlockDefinition } from '../types.ts';
import { Scheduler } from './Scheduler.tsx';

export const definition: BlockDefinition<'scheduler'> = {
  Component: Scheduler,
  // scheduler-enhance.ts mounts the frame, tells a loaded widget from an unreachable provider and
  // shows the fallback then.
  isInteractive: () => true,
};
