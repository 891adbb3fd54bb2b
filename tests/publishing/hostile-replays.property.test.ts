import { afterEach, describe, it, vi } from 'vitest';
import { inPropertyRun } from '../helpers/properties.ts';
import { runHostile, type HostileStep, type World } from './hostile-model.ts';

/**
 * Counterexamples found by hostile.property.test.ts, kept as tests of their own (each seen failing
 * on the code before issue 42's changes).
 */
vi.setConfig({ testTimeout: 600_000, hookTimeout: 60_000 });

const worlds: World[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) {
    await w.editor.stop();
    w.team.cleanup();
  }
});

// As long as a property run: run with it by `npm run test:properties -- hostile`.
describe.runIf(inPropertyRun)('replays of the hostile property test', () => {
  // Seed 20261126, path 0:0 (shrunk once): after a colleague's .gitattributes with a
  // working-tree-encoding came in, every later publish answered 500.
  it('publishes after a .gitattributes, a big file and a code change came in, with kills before', async () => {
    const steps: HostileStep[] = [
      { kind: 'push', fields: [], extras: [], force: 'none' },
      { kind: 'edit', field: 1, value: 'Café déjà vu' },
      { kind: 'publish', kill: 1 },
      { kind: 'edit', field: 1, value: 'Gamma delta' },
      { kind: 'publish', kill: 6 },
      { kind: 'push', fields: [], extras: ['big', 'gitattributes', 'code'], force: 'none' },
      { kind: 'edit', field: 2, value: 'Café déjà vu' },
      { kind: 'discard', file: 0, kill: 2 },
      { kind: 'edit', field: 0, value: 'Alpha' },
      { kind: 'resolve', choices: ['ours', 'theirs', 'theirs', 'ours'] },
      { kind: 'publish', kill: null },
    ];
    await runHostile(steps, worlds);
  });
});
