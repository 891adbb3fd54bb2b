import { withValue } from '../document/data-ops.ts';
import { yamlData } from '../document/read-yaml.ts';
import { readConflicts } from '../git/conflicts.ts';

const typed = (choice: unknown): choice is { value: unknown } =>
  typeof choice === 'object' && choice !== null && 'value' in choice;

/**
 * What the values an author typed into a conflict (`{ value }` choices) would make of `file`,
 * as data, beside the file as it is: for the check that a translator's resolution changes texts
 * only. Picks of either side bring in nothing new and are not looked at. Undefined when the
 * request types no value, or names no conflict of the file (the resolve itself answers that).
 */
export async function typedResolution(
  root: string,
  file: string,
  current: string | undefined,
  choices: Record<string, unknown>,
): Promise<{ before: unknown; after: unknown } | undefined> {
  if (!Object.values(choices).some(typed)) return undefined;
  const record = (await readConflicts(root)).find((conflict) => conflict.file === file);
  if (!record) return undefined;
  const before = current === undefined ? undefined : yamlData(current);
  if (before === undefined) return { before, after: undefined };
  let after: unknown = before;
  for (const conflict of record.conflicts) {
    const choice = choices[conflict.id];
    if (!typed(choice)) continue;
    if (record.wholeFile || conflict.path.length === 0)
      return {
        before,
        after: typeof choice.value === 'string' ? yamlData(choice.value) : undefined,
      };
    after = withValue(after, conflict.path, choice.value);
  }
  return { before, after };
}
