import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A signed-in person's session, kept on the server; the browser holds only its random id. */
export interface Session {
  email: string;
  emailVerified: boolean;
  name: string;
  subject: string;
  groups: string[];
  /** The token every state-changing request carries (a header or a form field). */
  csrfToken: string;
  /** Milliseconds since 1970. */
  createdAt: number;
  lastSeenAt: number;
}

export type NewSession = Omit<Session, 'csrfToken' | 'createdAt' | 'lastSeenAt'>;

/**
 * Where sessions are kept: a local folder now; a company with several machines would put them in
 * Redis or PostgreSQL behind the same interface (docs/team-editor.md).
 */
export interface SessionStore {
  /** A new session with a new random id (never one the browser sent: no fixation). */
  create(data: NewSession): { id: string; session: Session };
  /** The session if it exists and has not timed out (a timed-out one is removed); marks it seen. */
  use(id: string): Session | undefined;
  /** Ends a session (sign-out). */
  revoke(id: string): void;
  /** Ends every session of a person (an admin removing someone, a lost laptop). */
  revokeAllOf(email: string): number;
}

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
  now?: () => number;
}

/** Marking a session seen is written at most once a minute (not on every keystroke's request). */
const SEEN_WRITE_MS = 60_000;

/**
 * Sessions as one JSON file each in `<data>/sessions/`, named by the SHA-256 of the id (the folder
 * does not hold the ids the cookies carry), written to a temporary file and renamed. They survive a
 * restart of the editor.
 */
export class DiskSessionStore implements SessionStore {
  private readonly now: () => number;

  constructor(
    private readonly folder: string,
    private readonly times: SessionTimes,
  ) {
    this.now = times.now ?? Date.now;
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  }

  private file(id: string) {
    return path.join(this.folder, `${createHash('sha256').update(id).digest('hex')}.json`);
  }

  private write(id: string, session: Session) {
    const file = this.file(id);
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, JSON.stringify(session), { mode: 0o600 });
    renameSync(temporary, file);
  }

  create(data: NewSession) {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const session: Session = {
      ...data,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      lastSeenAt: now,
    };
    this.write(id, session);
    return { id, session };
  }

  use(id: string): Session | undefined {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    let session: Session;
    try {
      session = JSON.parse(readFileSync(this.file(id), 'utf8')) as Session;
    } catch {
      return undefined;
    }
    const now = this.now();
    if (
      now - session.lastSeenAt > this.times.idleMs ||
      now - session.createdAt > this.times.absoluteMs
    ) {
      this.revoke(id);
      return undefined;
    }
    if (now - session.lastSeenAt > SEEN_WRITE_MS) {
      session = { ...session, lastSeenAt: now };
      this.write(id, session);
    }
    return session;
  }

  revoke(id: string) {
    rmSync(this.file(id), { force: true });
  }

  revokeAllOf(email: string): number {
    let count = 0;
    for (const name of readdirSync(this.folder)) {
      if (!name.endsWith('.json')) continue;
      const file = path.join(this.folder, name);
      try {
        const session = JSON.parse(readFileSync(file, 'utf8')) as Session;
        if (session.email.toLowerCase() !== email.toLowerCase()) continue;
      } catch {
        continue;
      }
      rmSync(file, { force: true });
      count++;
    }
    return count;
  }
}
