import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerClientError,
  guardUpgrades,
  malformedTarget,
  serverOptions,
} from '../../engine/http-guard.ts';
import { SECURITY_HEADERS } from '../server/security.ts';
import { CSRF_HEADER } from '../shared/api.ts';
import {
  editorMessages,
  teamMessages,
  teamPageWords,
  type AuthorError,
} from '../../engine/errors.ts';
import type { Team } from '../../schema/team.ts';
import { refusalEvent, type AuditLog } from './audit.ts';
import { memberOf, type Identity, type Member } from './members.ts';
import { SignInError, type PendingSignIn } from './oidc.ts';
import {
  auditPage,
  problemPage,
  signedInPage,
  signedOutPage,
  signInPage,
  STYLE,
} from './pages.tsx';
import { Presence } from './presence.ts';
import { RateLimit } from './rate-limit.ts';
import { safeReturnPath } from './return-path.ts';
import type { Session, SessionStore } from './sessions.ts';
import type { TeamEditor } from './team-editor.ts';

/** The sign-in as the server uses it (editor/team/oidc.ts). */
interface SignIn {
  start(returnTo: string, now: number): Promise<{ url: URL; pending: PendingSignIn }>;
  finish(callback: URL, pending: PendingSignIn): Promise<Identity>;
}

export interface TeamServerOptions {
  publicUrl: URL;
  trustProxy: boolean;
  signIn: SignIn;
  sessions: SessionStore;
  audit: AuditLog;
  /** The team and the site's name as the repository's site.config.yaml says now. */
  site(): { name: string; team: Team | undefined };
  host?: string;
  port?: number;
  now?: () => number;
  /** Sign-ins one address may start per minute (default 10). */
  signInsPerMinute?: number;
  /**
   * The editor members use (editor/team/team-editor.ts), made with this server (its Vite client
   * connects over it). Without it the server shows a landing page (sign-in only).
   */
  editor?: (http: Server) => TeamEditor;
}

export interface TeamServer {
  port: number;
  /** Removes the editor's workspaces unused for `idleMs` holding nothing unpublished (their ids). */
  sweep(idleMs: number): Promise<string[]>;
  close(): Promise<void>;
}

export const SESSION_COOKIE = '__Host-editor-session';
const PENDING_COOKIE = '__Host-editor-sign-in';
/** A sign-in not finished within ten minutes is forgotten. */
const PENDING_MS = 10 * 60_000;
const MAX_PENDING = 10_000;

const HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
};

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** A `__Host-` cookie: Secure, no Domain, Path=/, so no other host or path can set or read it. */
const hostCookie = (name: string, value: string, maxAgeSeconds?: number) =>
  `${name}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax${
    maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`
  }`;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A small body (10 KB at most, else empty): a form, or its text. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams>;
async function readForm(req: IncomingMessage, as: 'text'): Promise<string>;
async function readForm(req: IncomingMessage, as?: 'text') {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) {
      body = '';
      break;
    }
  }
  return as === 'text' ? body : new URLSearchParams(body);
}

/**
 * `npm run team`'s HTTP server: sign-in with the company's OpenID Connect provider, server-side
 * sessions in a `__Host-` cookie, sign-out, and what a signed-in person sees: their role and pages,
 * or a page saying they are not on the team. Every request passes the Host check; every
 * state-changing one the Origin check and the session's CSRF token.
 */
export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const now = options.now ?? Date.now;
  const origin = options.publicUrl.origin;
  const pending = new Map<string, PendingSignIn>();
  const limit = new RateLimit(options.signInsPerMinute ?? 10, 60_000, now);
  const presence = new Presence(now);

  const clientAddress = (req: IncomingMessage) => {
    const forwarded = req.headers['x-forwarded-for'];
    if (options.trustProxy && typeof forwarded === 'string') {
      const last = forwarded.split(',').at(-1)!.trim();
      if (last) return last;
    }
    return req.socket.remoteAddress ?? 'unknown';
  };

  const auditRefusal = (
    req: IncomingMessage,
    who: string,
    route: string,
    refused: { code: string },
  ) => options.audit.append(refusalEvent(who, clientAddress(req), route, refused.code));

  const send = (res: ServerResponse, status: number, html: string, cookies: string[] = []) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      ...(cookies.length ? { 'set-cookie': cookies } : {}),
    });
    res.end(html);
  };
  const redirect = (res: ServerResponse, location: string, cookies: string[] = []) => {
    res.writeHead(303, { location, ...(cookies.length ? { 'set-cookie': cookies } : {}) });
    res.end();
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const errorJson = (res: ServerResponse, status: number, error: AuthorError) =>
    json(res, status, { error: { code: error.code, message: error.message, hint: error.hint } });

  /** The session the request's cookie names, if it is alive, and its id. */
  const sessionOf = (req: IncomingMessage): { id: string; session: Session } | undefined => {
    const id = cookieValue(req, SESSION_COOKIE);
    const session = id ? options.sessions.use(id) : undefined;
    return id && session ? { id, session } : undefined;
  };

  /** Who the session's person is on the team as it is now (a removed person is nobody). */
  const memberFor = (session: Session): Member | undefined =>
    memberOf(options.site().team, {
      subject: session.subject,
      email: session.email,
      emailVerified: session.emailVerified,
      name: session.name,
      groups: session.groups,
    });

  async function startSignIn(req: IncomingMessage, res: ServerResponse, url: URL) {
    const from = clientAddress(req);
    const wait = limit.take(from);
    if (wait > 0) {
      options.audit.append({ who: null, what: 'sign-in-rate-limited', from });
      return send(
        res,
        429,
        problemPage(
          options.site().name,
          teamPageWords.problemTitle,
          teamMessages.tooManySignIns(wait),
          {
            signIn: true,
          },
        ),
      );
    }
    if (pending.size >= MAX_PENDING)
      for (const [key, value] of pending)
        if (now() - value.startedAt > PENDING_MS) pending.delete(key);
    const returnTo = safeReturnPath(url.searchParams.get('return'), origin);
    const started = await options.signIn.start(returnTo, now());
    const key = randomBytes(32).toString('base64url');
    pending.set(key, started.pending);
    redirect(res, started.url.href, [hostCookie(PENDING_COOKIE, key, PENDING_MS / 1000)]);
  }

  async function finishSignIn(req: IncomingMessage, res: ServerResponse, url: URL) {
    const from = clientAddress(req);
    const key = cookieValue(req, PENDING_COOKIE);
    const started = key ? pending.get(key) : undefined;
    // One use: a replayed callback (or one from another browser) finds nothing.
    if (key) pending.delete(key);
    const clearPending = hostCookie(PENDING_COOKIE, '', 0);
    const fail = (problem: SignInError['problem']) => {
      options.audit.append({ who: null, what: 'sign-in-failed', from, detail: problem });
      send(
        res,
        400,
        problemPage(
          options.site().name,
          teamPageWords.problemTitle,
          teamMessages.signInFailed(problem),
          {
            signIn: true,
          },
        ),
        [clearPending],
      );
    };
    if (!started || now() - started.startedAt > PENDING_MS) return fail('expired-or-used');
    const callback = new URL(`${url.pathname}${url.search}`, origin);
    let identity: Identity;
    try {
      identity = await options.signIn.finish(callback, started);
    } catch (error) {
      if (error instanceof SignInError) return fail(error.problem);
      throw error;
    }
    // A session id the browser had before (or one an attacker planted) is not kept.
    const previous = cookieValue(req, SESSION_COOKIE);
    if (previous) options.sessions.revoke(previous);
    const { id } = options.sessions.create({
      email: identity.email,
      emailVerified: identity.emailVerified,
      name: identity.name,
      subject: identity.subject,
      groups: [...identity.groups],
    });
    options.audit.append({ who: identity.email, what: 'sign-in', from });
    redirect(res, started.returnTo, [hostCookie(SESSION_COOKIE, id), clearPending]);
  }

  /** Origin and CSRF token of a state-changing request: both must be the editor's own. */
  function csrfRefusal(req: IncomingMessage, session: Session, token: string | null) {
    if (req.headers.origin !== origin) return teamMessages.foreignOrigin(req.headers.origin ?? '');
    if (!token || !same(token, session.csrfToken)) return teamMessages.badCsrfToken();
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(HEADERS)) res.setHeader(name, value);
    if (options.publicUrl.protocol === 'https:')
      res.setHeader('strict-transport-security', 'max-age=31536000');
    // The container's and the proxy's health check: whatever the Host (a check calls the server
    // by its own address), and it says nothing but that the server answers.
    if (req.url === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('ok\n');
    }
    if (req.headers.host !== options.publicUrl.host)
      return errorJson(res, 421, teamMessages.wrongAddress(req.headers.host ?? ''));
    if (malformedTarget(req))
      return errorJson(res, 400, editorMessages.badRequest('a valid address'));
    const url = new URL(`http://editor${req.url}`);
    const site = options.site();
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /auth/style.css':
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
        return res.end(STYLE);
      case 'GET /auth/sign-in':
        return startSignIn(req, res, url);
      case 'GET /auth/callback':
        return finishSignIn(req, res, url);
      case 'GET /auth/signed-out':
        return send(res, 200, signedOutPage(site.name));
      case 'POST /auth/sign-out': {
        const signedIn = sessionOf(req);
        const form = await readForm(req);
        if (!signedIn) return redirect(res, '/auth/signed-out');
        const refused = csrfRefusal(req, signedIn.session, form.get('csrf'));
        if (refused) {
          auditRefusal(req, signedIn.session.email, route, refused);
          return errorJson(res, 403, refused);
        }
        options.sessions.revoke(signedIn.id);
        options.audit.append({
          who: signedIn.session.email,
          what: 'sign-out',
          from: clientAddress(req),
        });
        return redirect(res, '/auth/signed-out', [hostCookie(SESSION_COOKIE, '', 0)]);
      }
    }
    const signedIn = sessionOf(req);
    const isApi = url.pathname.startsWith('/api/');
    if (!signedIn) {
      if (isApi) return errorJson(res, 401, teamMessages.signInRequired());
      if (route !== 'GET /') return errorJson(res, 404, teamMessages.notFound(url.pathname));
      return send(res, 200, signInPage(site.name, '/'));
    }
    const member = memberFor(signedIn.session);
    if (!member) {
      options.audit.append({
        who: signedIn.session.email,
        what: 'not-on-team',
        from: clientAddress(req),
        detail: route,
      });
      const error = teamMessages.notOnTeam(signedIn.session.email);
      if (isApi) return errorJson(res, 403, error);
      return send(
        res,
        403,
        problemPage(site.name, teamPageWords.notOnTeamTitle, error, {
          signOut: signedIn.session.csrfToken,
        }),
      );
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const header = req.headers[CSRF_HEADER];
      const refused = csrfRefusal(
        req,
        signedIn.session,
        typeof header === 'string' ? header : null,
      );
      if (refused) {
        auditRefusal(req, signedIn.session.email, route, refused);
        return errorJson(res, 403, refused);
      }
    }
    if (route === 'GET /' && !editor)
      return send(res, 200, signedInPage(site.name, member, signedIn.session.csrfToken));
    switch (route) {
      case 'GET /team/audit': {
        if (member.role !== 'admin') {
          const refused = teamMessages.roleNeeded('read-audit', 'admin', member.role);
          auditRefusal(req, signedIn.session.email, route, refused);
          return send(
            res,
            403,
            problemPage(site.name, teamPageWords.auditTitle, refused, {
              signOut: signedIn.session.csrfToken,
            }),
          );
        }
        const use = Object.values(editor?.diskUse() ?? {});
        return send(
          res,
          200,
          auditPage(site.name, options.audit.recent(500), {
            count: use.length,
            bytes: use.reduce((sum, bytes) => sum + bytes, 0),
          }),
        );
      }
      case 'POST /api/team/presence': {
        let file: unknown;
        try {
          file = (JSON.parse((await readForm(req, 'text')) as string) as { path?: unknown }).path;
        } catch {
          file = undefined;
        }
        const others = presence.here(file, {
          email: signedIn.session.email,
          name: signedIn.session.name,
        });
        if (!others) return errorJson(res, 400, editorMessages.badRequest('"path" of a page'));
        return json(res, 200, { others });
      }
      case 'GET /api/team/me':
        return json(res, 200, {
          email: member.email,
          name: member.name,
          role: member.role,
          grants: member.grants,
          csrfToken: signedIn.session.csrfToken,
        });
      default: {
        if (!editor) return errorJson(res, 404, teamMessages.notFound(url.pathname));
        // The editor's own headers: its app runs scripts and frames its preview.
        res.removeHeader('content-security-policy');
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
        return editor.handle(req, res, url, {
          member,
          session: signedIn.session,
          from: clientAddress(req),
        });
      }
    }
  }

  /** Vite's client connects over this server: only a signed-in member from the editor's pages. */
  const upgradeAllowed = (req: IncomingMessage) => {
    if (req.headers.host !== options.publicUrl.host || req.headers.origin !== origin) return false;
    const signedIn = sessionOf(req);
    return Boolean(signedIn && memberFor(signedIn.session));
  };

  const server: Server = createServer(serverOptions(), (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Details (paths, stacks) go to the terminal of whoever runs the server, never into an answer.
      console.error(error);
      if (!res.headersSent) errorJson(res, 500, teamMessages.internal());
      else res.end();
    });
  });
  server.on('clientError', answerClientError);
  guardUpgrades(server, '/', upgradeAllowed);
  const editor = options.editor?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    sweep: async (idleMs) => (editor ? editor.sweep(idleMs) : []),
    async close() {
      await editor?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
