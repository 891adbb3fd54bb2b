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
  const readable = options.store.list().filter((request) => {
    const own = request.author.subject === subject;
    const target = { kind: 'review', own, files: request.files } as const;
    return decide(member, 'GET', '/api/reviews/item', target, options.rules)?.allowed;
  });
  // The Reviews screen names a request's own commit: found without running git.
  if (readable.some((request) => request.commit === id)) return true;
  for (const request of readable) {
    const tip = await commitOf(root, `refs/reviews/${request.id}`);
    if (tip && (tip === id || (await isAncestor(root, id, tip)))) return true;
  }
  return false;
}
