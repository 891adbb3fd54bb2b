/**
 * npm run schema — writes the editor schemas (schema/generated/*.schema.json) and the generated
 * sections of AUTHORING.md from the zod schemas (pipeline/json-schema.ts). `npm run build` does the
 * same as its first step.
 */
import { readCommandLine } from '../engine/command-line.ts';
import { writeGeneratedFiles } from '../pipeline/json-schema.ts';

readCommandLine({
  usage: 'npm run schema',
  summary:
    'Writes the editor schemas (schema/generated/) and the generated sections of AUTHORING.md from the zod schemas.',
  options: {},
});

console.log(writeGeneratedFiles());
