import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The environment a test file asks for in its first lines (`// @vitest-environment jsdom`). */
function environmentOf(file: string): string {
  const head = readFileSync(file, 'utf8').slice(0, 1000);
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? 'node';
}

/**
 * Vitest's order (longest first, by the last run's durations), with the files of one project and
 * one environment kept together. A worker that shares its modules between files (isolate: false) is
 * kept for the next file only when that file has the same project and environment; in vitest's
 * own order node and jsdom files alternate, so a new worker started (and imported vitest, React,
 * Mantine and the schemas again) at almost every file: about a third of the unit tests' CPU time.
 */
export class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const key = `${spec.project.name}\0${environmentOf(spec.moduleId)}`;
      const group = groups.get(key);
      if (group) group.push(spec);
      else groups.set(key, [spec]);
    }
    return [...groups.values()].flat();
  }
}
