import { editorMessages, type AuthorError } from '../../engine/errors.ts';

/**
 * The editor's refusals come from the project's error catalogue (engine/errors.ts), like every
 * author-facing message.
 */
export const editorErrors = editorMessages;
export type EditorError = AuthorError;
