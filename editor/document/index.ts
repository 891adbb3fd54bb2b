/**
 * Field-level edits to YAML text that keep everything the user did not change (runs in Node and in
 * the browser).
 */
export {
  deleteKey,
  duplicateItem,
  insertItem,
  lastEditReprinted,
  moveItem,
  removeItem,
  setValue,
} from './edit.ts';
export { nodeRangeAt, pathAt } from './locate.ts';
