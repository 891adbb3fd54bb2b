import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One thing that happened, as the audit log keeps it. */
export interface AuditEvent {
  /** The signed-in person's e-mail address, or null before anyone is known. */
  who: string | null;
  what:
    | 'sign-in'
    | 'sign-out'
    | 'sign-in-failed'
    | 'not-on-team'
    | 'permission-refused'
    | 'sign-in-rate-limited'
    | 'save'
    | 'settings-change'
    | 'publish'
    | 'review-sent'
    | 'review-changes-asked'
    | 'review-withdrawn'
    | 'review-approved'
    | 'review-not-published';
  /** The client's address (behind a trusted proxy, from X-Forwarded-For). */
  from: string;
  /** What was asked or why it failed: a request line, a catalogue code. */
  detail?: string;
}

/**
 * A refused request as the log keeps it: who, from where, the request line and the refusal's code.
 */
export const refusalEvent = (
  who: string,
  from: string,
  route: string,
  code: string,
): AuditEvent => ({ who, what: 'permission-refused', from, detail: `${route}: ${code}` });

/**
 * The record of who did what. Append-only: nothing here rewrites or removes a line. A company with
 * several machines would send the same lines to its log collector (docs/team-editor.md).
 */
export interface AuditLog {
  append(event: AuditEvent): void;
  /** The newest `limit` entries, newest first (what admins read in the editor). */
  recent(limit: number): AuditEntry[];
}

export type AuditEntry = AuditEvent & { when: string };

/**
 * The audit log as JSON lines in `<data>/audit.log` (`{"when":…,"who":…,"what":…,"from":…}`), each
 * written with one append (O_APPEND), so lines of concurrent requests never interleave.
 */
export class JsonLinesAuditLog implements AuditLog {
  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  }

  append(event: AuditEvent) {
    const line = JSON.stringify({ when: new Date(this.now()).toISOString(), ...event });
    appendFileSync(this.file, `${line}\n`, { mode: 0o600 });
  }

  recent(limit: number): AuditEntry[] {
    if (!existsSync(this.file)) return [];
    const lines = readFileSync(this.file, 'utf8').trimEnd().split('\n').filter(Boolean);
    return lines
      .slice(-limit)
      .reverse()
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as AuditEntry];
        } catch {
          return []; // a line cut short by a crash
        }
      });
  }
}
