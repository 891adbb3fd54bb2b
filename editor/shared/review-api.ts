/**
 * The contract of review inside the team editor (`npm run team`) between
 * editor/team/review-routes.ts and editor/app/reviews/. Every route is under /api/reviews and
 * answers `{ error: ApiError }` with a 4xx status when refused.
 */
import type { FileChange, PublishProblem } from './publish-api.ts';

type ReviewStatus = 'waiting' | 'changes-asked' | 'approved-published' | 'withdrawn';

export interface ReviewEventView {
  kind: 'sent' | 'changes-asked' | 'approved-published' | 'withdrawn';
  by: { name: string; email: string };
  /** ISO date. */
  at: string;
  /** A reviewer's comment: plain text, shown as text. */
  comment?: string;
}

export interface ReviewSummary {
  id: string;
  author: { name: string; email: string };
  /** The change in the author's words. */
  message: string;
  files: string[];
  /** The pages the change touches (their addresses), in the order of `files`. */
  routes: string[];
  status: ReviewStatus;
  /** ISO dates. */
  sentAt: string;
  updatedAt: string;
  /** How many problems the site check found in the change set as sent. */
  problems: number;
  /** The signed-in person sent it. */
  own: boolean;
  events: ReviewEventView[];
}

// GET /api/reviews: the requests the signed-in person may read (a publisher: those of their
// pages; an author: their own), newest first.
export interface ReviewsResponse {
  requests: ReviewSummary[];
  /** May approve and ask for changes (a publisher or an admin). */
  reviewer: boolean;
  /** `publishing.requireReview`: nobody publishes their own change. */
  requireReview: boolean;
}

// GET /api/reviews/item?id=…: one request with each file's change in words, and the two commits
// the side-by-side previews render (`?version=<commit>`).
export interface ReviewItemResponse {
  request: ReviewSummary;
  changes: FileChange[];
  check: PublishProblem[];
  /** The published version the change was made on, and the change. */
  base: string;
  commit: string;
}

// POST /api/reviews { message } → { request, message }: the author's saved changes sent (again).
// POST /api/reviews/approve { id } → { request, message }; 409 in words (a clash), 422 with
//   `problems` (the site check).
// POST /api/reviews/ask { id, comment } → { request, message }
// POST /api/reviews/withdraw { id } → { request, message }
export interface ReviewActionResponse {
  request: ReviewSummary;
  message: string;
}
