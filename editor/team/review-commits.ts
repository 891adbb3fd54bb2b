import { commitOf, isAncestor } from '../git/tree.ts';
import type { Member } from './members.ts';
import { decide, type PublishingRules } from './permissions.ts';
import type { ReviewStore } from './reviews.ts';

/**
 * Whether `member` (signed in as `subject`) may read commit `id` of the shared object store as
 * part of a review request: reachable from `refs/reviews/<id>` of a request the Reviews screen
 * lets them read (the same decision as `GET /api/reviews/item`: their own request, or one of pages
 * they may review). The side-by-side previews of the Reviews screen name such commits.
 */
export async function inReadableReview(options: {
  root: string;
  store: ReviewStore;
  rules: PublishingRules;
  member: Member;
  subject: string;
  /** A commit's full id, known to exist. */
  id: string;
}): Promise<boolean> {
  const { root, member, subject, id } = options;
  for (const request of options.store.list()) {
    const target = {
      kind: 'review',
      own: request.author.subject === subject,
      files: request.files,
    } as const;
    if (!decide(member, 'GET', '/api/reviews/item', target, options.rules)?.allowed) continue;
    const tip = await commitOf(root, `refs/reviews/${request.id}`);
    if (tip && (tip === id || (await isAncestor(root, id, tip)))) return true;
  }
  return false;
}
