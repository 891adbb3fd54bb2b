/**
 * The contract of the editor's publishing screens (Changes, Publish, Get latest, conflicts,
 * Versions, In review) between editor/server/publishing.ts and editor/app/. Every route is under
 * /api/publish and answers `{ error: ApiError }` with a 4xx status when refused. The UI's words:
 * publish, get latest, changes, versions, in review.
 */
import type { Conflict, FileChange } from '../changes/types.ts';
import type { ApiError, FieldPath } from './api.ts';

export type { Conflict, FileChange };

export interface Identity {
  name: string;
  email: string;
}

// GET /api/publish/status
export interface PublishStatus {
  /**
   * false: saving to disk works as always, publishing does not; `reason` says why in plain words.
   */
  available: boolean;
  reason?: ApiError;
  /**
   * Where it publishes to, shown without user-info (`https://github.com/acme/site.git`) and the
   * branch's name.
   */
  destination?: string;
  /** The name and e-mail kept in this project's settings; null until the author gave them. */
  identity: Identity | null;
  mode: 'direct' | 'review';
  /** How many files wait for a choice between two versions. */
  conflicts: number;
  /**
   * An operation the editor's last run left half done, finished or undone as the editor started:
   * said once, in words.
   */
  recovered?: string;
}

// POST /api/publish/identity  { name, email } → PublishStatus

// GET /api/publish/changes
export interface ChangesResponse {
  files: FileChange[];
  /** A publish message prefilled from the changes. */
  message: string;
  /** Files whose names cannot be published (they could be read as commands): rename them. */
  unsafe: string[];
  /**
   * Files the editor leaves as published and never offers to publish or discard: names it cannot
   * open here, a colleague's links.
   */
  waiting?: WaitingFileView[];
  /**
   * The published version was replaced by an unrelated one: the list holds only the author's own
   * changes, and this says what happened and what to do.
   */
  unrelated?: ApiError;
}

export interface WaitingFileView {
  file: string;
  /** `A link the editor does not edit`, `Waiting: cannot be opened here`. */
  label: string;
  detail: string;
}

// GET /api/publish/diff?path=…  the two texts for "show the lines" (null: the file is not there)
export interface DiffResponse {
  path: string;
  published: string | null;
  current: string | null;
  /** A version is over the page limit or not UTF-8: not shown line by line. */
  unreadable?: boolean;
}

// POST /api/publish/discard  { path } → { discarded: path }

export interface PublishProblem {
  file: string;
  line: number;
  col: number;
  code: string;
  message: string;
  hint?: string;
  /** The field to open (the editor's link), when known. */
  path?: FieldPath;
  /** The page and field by name: `Page /pricing › Hero › Title` (what the editor shows). */
  place?: string;
}

// POST /api/publish  { message, name, email, files? }
export type PublishResponse =
  | { status: 'published'; message: string; files: string[]; commit: string }
  | { status: 'in-review'; message: string; files: string[]; reviewUrl?: string; name: string }
  | {
      status: 'saved-locally';
      message: string;
      hint: string;
      files: string[];
    };
/** 422 body: the checks failed, nothing was published. */
export interface PublishRefused {
  error: ApiError;
  problems: PublishProblem[];
}
/** 409 body: a conflict to resolve first. */
export interface PublishConflicts {
  error: ApiError;
  conflicts: FileConflictView[];
}

// POST /api/publish/latest  { name, email }
export interface LatestResponse {
  /** `conflicts-waiting`: nothing was brought in; the author chooses in `conflicts` first. */
  status: 'up-to-date' | 'updated' | 'conflicts-waiting';
  /** Files that came in as they were published. */
  taken: string[];
  /** Files where both versions were combined. */
  merged: string[];
  conflicts: FileConflictView[];
  message: string;
}

// GET /api/publish/conflicts → { conflicts: FileConflictView[] }
export interface FileConflictView {
  file: string;
  route?: string;
  /** Choose between whole files (a file in public/, or one side removed it). */
  wholeFile: boolean;
  conflicts: Conflict[];
  /** The two texts of a YAML file (for the preview of each side). */
  ours?: string;
  theirs?: string;
  /** Who published "theirs" and when (ISO date): the upstream commit that changed the file. */
  theirsBy?: { author: string; date: string };
}

// POST /api/publish/resolve  { path, choices: { [id]: {pick:'ours'} | {pick:'theirs'} | {value} } }
//   → { resolved: path, text }

// GET /api/publish/versions?path=…
export interface VersionView {
  commit: string;
  author: string;
  date: string;
  message: string;
  /** What this version changed, in the author's words. */
  change: FileChange | null;
}
export interface VersionsResponse {
  path: string;
  versions: VersionView[];
}
// GET /api/publish/version?path=…&commit=…  → { path, commit, text }
// POST /api/publish/restore  { path, commit } → { restored: path, text }

// GET /api/publish/review
interface ReviewItem {
  name: string;
  author: string;
  date: string;
  message: string;
  files: string[];
  /**
   * false: the published version changed the same things since; it needs a developer or a new
   * change set.
   */
  mergesCleanly: boolean;
  reviewUrl?: string;
}
export interface ReviewResponse {
  items: ReviewItem[];
}
