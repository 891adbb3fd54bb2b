/** Field-level edits to YAML text that keep everything the user did not change (runs in Node and in the browser). */
export { DocumentEditError, deleteKey, duplicateItem, insertItem, lastEditReprinted, moveItem, parseEditable, removeItem, setValue } from './edit.ts';
export { nodeRangeAt, pathAt, pathsAt, type NodeRange } from './locate.ts';
