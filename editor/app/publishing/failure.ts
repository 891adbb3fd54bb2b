import { ApiFailure } from '../api.ts';

/**
 * What a failed publishing call says to the author: the server's message and its hint, or the error
 * as text.
 */
export function failureText(failure: unknown): string {
  return failure instanceof ApiFailure
    ? `${failure.message} ${failure.hint ?? ''}`
    : String(failure);
}
