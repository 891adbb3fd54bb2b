import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckProblem } from '../git/publish.ts';

type ReviewStatus = 'waiting' | 'changes-asked' | 'approved-published' | 'withdrawn';

export interface ReviewPerson {
  name: string;
  email: string;
}

/** One step of a request's story: sent, sent again, changes asked (with the comment), approved. */
interface ReviewEvent {
  kind: 'sent' | 'changes-asked' | 'approved-published' | 'withdrawn';
  by: ReviewPerson;
  /** Milliseconds since 1970. */
  at: number;
  /** The reviewer's comment (plain text, shown escaped). */
  comment?: string;
}

/**
 * A change set sent for review: the author's saved changes frozen in a commit of the shared object
 * store (`refs/reviews/<id>`), so the author may keep working while it waits.
 */
export interface ReviewRequest {
  id: string;
  author: ReviewPerson & { subject: string };
  /** The commit holding the change set, on `base`. */
  commit: string;
  /** The published version the change was made on. */
  base: string;
  message: string;
  files: string[];
  status: ReviewStatus;
  /** The site check of the change set as it was sent: the problems that would stop it. */
  check: CheckProblem[];
  createdAt: number;
  updatedAt: number;
  events: ReviewEvent[];
  /** The published commit, once approved. */
  published?: string;
}

export type NewReview = Omit<ReviewRequest, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'events'>;

/**
 * Where review requests are kept: a local folder now; a company with several machines would keep
 * them in PostgreSQL behind the same interface (docs/team-editor.md).
 */
export interface ReviewStore {
  create(data: NewReview, by: ReviewPerson): ReviewRequest;
  get(id: string): ReviewRequest | undefined;
  /** Every request, newest first. */
  list(): ReviewRequest[];
  /** Writes the request as changed (its `updatedAt` set now). */
  save(request: ReviewRequest): ReviewRequest;
}

const ID = /^[0-9a-f]{24}$/;

/** A request id: 24 hex digits (also the name of its ref). */
export const isReviewId = (value: unknown): value is string =>
  typeof value === 'string' && ID.test(value);

/**
 * Review requests as one JSON file each in `<data>/reviews/<id>.json`, written to a temporary file
 * and renamed (a crash leaves the old file or the new one, never half of one). They survive a
 * restart.
 */
export class DiskReviewStore implements ReviewStore {
  constructor(
    private readonly folder: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  }

  private file(id: string) {
    if (!isReviewId(id)) throw new Error('Not a review id');
    return path.join(this.folder, `${id}.json`);
  }

  private write(request: ReviewRequest) {
    const file = this.file(request.id);
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, JSON.stringify(request), { mode: 0o600 });
    renameSync(temporary, file);
  }

  create(data: NewReview, by: ReviewPerson): ReviewRequest {
    const now = this.now();
    const request: ReviewRequest = {
      ...data,
      id: randomBytes(12).toString('hex'),
      status: 'waiting',
      createdAt: now,
      updatedAt: now,
      events: [{ kind: 'sent', by, at: now }],
    };
    this.write(request);
    return request;
  }

  get(id: string): ReviewRequest | undefined {
    if (!isReviewId(id)) return undefined;
    try {
      return JSON.parse(readFileSync(this.file(id), 'utf8')) as ReviewRequest;
    } catch {
      return undefined;
    }
  }

  list(): ReviewRequest[] {
    return readdirSync(this.folder)
      .filter((name) => /^[0-9a-f]{24}\.json$/.test(name))
      .flatMap((name) => {
        const request = this.get(name.slice(0, -'.json'.length));
        return request ? [request] : [];
      })
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  save(request: ReviewRequest): ReviewRequest {
    const saved = { ...request, updatedAt: this.now() };
    this.write(saved);
    return saved;
  }
}
