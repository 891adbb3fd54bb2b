/**
 * The build's first step: the generated authoring files (pipeline/json-schema.ts), skipped when
 * nothing they are made of changed since the last build. Generating them costs about half a second;
 * hashing their inputs and the files themselves (so a hand edit of a generated file is still put
 * right) a few milliseconds.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashTree } from '../engine/hash.ts';
import { writeWhole } from '../engine/write-whole.ts';

/**
 * What the generated files are made of (the zod schemas, the blocks' examples, the validator's
 * messages, the config), and the files.
 */
const INPUTS = [
  'schema',
  'blocks',
  'engine',
  'pipeline/json-schema.ts',
  'site.config.yaml',
  'AUTHORING.md',
  'package-lock.json',
];

/**
 * The hash of the inputs and the generated files the last generation left
 * (`.cache/build/generated-files.key`).
 */
export const generatedFilesStamp = (root: string) => hashTree(root, INPUTS);

/**
 * Writes the generated files unless they are known to be up to date (`clean`: always); returns a
 * line for the log.
 */
export async function updateGeneratedFiles(
  root: string,
  cacheDir: string,
  clean: boolean,
): Promise<string> {
  const stampFile = path.join(cacheDir, 'generated-files.key');
  const stamp = () => generatedFilesStamp(root);
  if (!clean && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp())
    return 'Schema: up to date.';
  const { writeGeneratedFiles } = await import('./json-schema.ts');
  const line = writeGeneratedFiles(root);
  mkdirSync(cacheDir, { recursive: true });
  writeWhole(stampFile, stamp());
  return line;
}
