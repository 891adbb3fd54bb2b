/**
 * npm run schema — writes the editor schemas (schema/generated/*.schema.json) and the generated sections of
 * AUTHORING.md from the zod schemas (pipeline/json-schema.ts). `npm run build` does the same as its first step.
 */
import { writeGeneratedFiles } from '../pipeline/json-schema.ts';

console.log(writeGeneratedFiles());
