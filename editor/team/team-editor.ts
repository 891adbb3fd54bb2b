import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { commitOf } from '../git/tree.ts';
import { sendJson } from '../server/api.ts';
import {
  answerFailure,
  createEditorHandler,
  type EditorHandler,
} from '../server/editor-handler.ts';
import { lazyVite } from '../server/vite.ts';
import { refusalEvent, type AuditLog } from './audit.ts';
import { authorize } from './authorize.ts';
import { commitIdentity, type Member } from './members.ts';
import type { PublishingRules } from './permissions.ts';
import type { Session } from './sessions.ts';
import type { Workspaces } from './workspaces.ts';
import { startPublishThread } from '../server/publish-thread.ts';
import { serialQueue } from '../server/serial-queue.ts';
import type { ReviewStore } from './reviews.ts';
import { reviewRoutes } from './review-routes.ts';
import { inReadableReview } from './review-commits.ts';

/** Who makes a request the team server passed on: signed in, on the team, CSRF checked. */
interface TeamRequester {
  member: Member;
  session: Session;
  from: string;
}

export interface TeamEditor {
  /** Answers a team member's request for the editor (its app, API, preview, images). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, who: TeamRequester): Promise<void>;
  /** Disk use of each workspace in bytes. */
  diskUse(): Record<string, number>;
  /** Removes workspaces unused for `idleMs` that hold nothing unpublished; the ids removed. */
  sweep(idleMs: number): Promise<string[]>;
  close(): Promise<void>;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The editor for a team: each member's requests go to the editor of their own workspace (a git
 * worktree, editor/team/workspaces.ts), after the permission check of what the request acts on
 * and changes (authorize.ts). All workspaces share one Vite. Commits carry the signed-in person's
 * name and e-mail from the provider's ID token (an address it did not verify never:
 * `commitIdentity`), whatever the request said.
 */
export function teamEditor(options: {
  workspaces: Workspaces;
  audit: AuditLog;
  rules(): PublishingRules;
  /** Where the requests sent for review are kept (editor/team/reviews.ts). */
  reviews: ReviewStore;
  /** The clone's public/ folder, which Vite serves files from that are not images. */
  publicDir: string;
  /** Watch each workspace's files (default true). */
  watch?: boolean;
  /**
   * Fetch the published branch this often (editor/team/workspaces.ts `followRemote`), in the
   * publishes' queue; none when absent.
   */
  followEveryMs?: number;
}): (http: Server) => TeamEditor {
  return (http) => {
    const vite = lazyVite(http, options.publicDir);
    const editors = new Map<string, Promise<EditorHandler>>();
    // The request being answered, for decisions deep in a workspace's editor (its own state is
    // the workspace's, shared by that person's requests).
    const requests = new AsyncLocalStorage<{ who: TeamRequester; route: string }>();

    /**
     * Whether the person of workspace `subject` may read a commit outside their workspace's own
     * history (published or theirs): one of a review request they may read. Any other commit of
     * the shared store (a colleague's draft, a review not theirs to read) is answered as unknown,
     * and the attempt recorded as a refusal.
     */
    async function alsoReadable(subject: string, commit: string) {
      const request = requests.getStore();
      if (!request || request.who.session.subject !== subject) return false;
      const root = options.workspaces.sharedRoot;
      const id = await commitOf(root, commit);
      if (!id) return false;
      const { member } = request.who;
      const rules = options.rules();
      if (await inReadableReview({ root, store: options.reviews, rules, member, subject, id }))
        return true;
      const email = request.who.session.email;
      // Not a catalogue message: the person is told what an unknown id gets.
      const code = 'commit-not-readable';
      options.audit.append(refusalEvent(email, request.who.from, request.route, code));
      return false;
    }

    const editorOf = async (subject: string) => {
      const workspace = await options.workspaces.of(subject);
      let editor = editors.get(workspace.id);
      if (!editor) {
        editor = createEditorHandler({
          root: workspace.root,
          vite: vite.get,
          watch: options.watch,
          alsoReadable: (commit) => alsoReadable(subject, commit),
        });
        editors.set(workspace.id, editor);
        editor.catch(() => editors.delete(workspace.id));
      }
      return editor;
    };

    // Every workspace publishes to the same branch: one publish at a time, so that each fetches
    // what the one before sent, instead of being refused as stale by it and trying again (with
    // twenty authors at once, most gave up after their last attempt).
    const oneAtATime = serialQueue();
    const reviews = reviewRoutes({
      store: options.reviews,
      workspaces: options.workspaces,
      audit: options.audit,
      rules: options.rules,
      oneAtATime,
      async published(author) {
        const editor = await editorOf(author.subject);
        await editor.publishing.latest({ name: author.name, email: author.email });
      },
    });
    // Publishes run on a thread of their own: started now, not by the first author to publish.
    startPublishThread();
    const follow =
      options.followEveryMs &&
      setInterval(() => {
        oneAtATime(() => options.workspaces.followRemote()).catch((error: unknown) =>
          console.error(error),
        );
      }, options.followEveryMs);
    if (follow) follow.unref();

    function handle(req: IncomingMessage, res: ServerResponse, url: URL, who: TeamRequester) {
      return requests.run({ who, route: `${req.method} ${url.pathname}` }, () =>
        answer(req, res, url, who),
      );
    }

    async function answer(req: IncomingMessage, res: ServerResponse, url: URL, who: TeamRequester) {
      try {
        const editor = await editorOf(who.session.subject);
        // Commits carry the provider's name and only a verified address (members.ts).
        const person = commitIdentity(who.session);
        const email = who.session.email;
        if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) {
          const head = `<meta name="page-editor-csrf" content="${escapeAttribute(who.session.csrfToken)}">`;
          return await editor.handle(req, res, url, head);
        }
        if (url.pathname === '/api/reviews' || url.pathname.startsWith('/api/reviews/'))
          return await reviews(req, res, url, who);
        let authorized;
        try {
          authorized = await authorize(
            req,
            url,
            who.member,
            person,
            editor.ctx.files,
            options.rules(),
          );
        } catch (error) {
          const code = (error as { error?: { code?: string } }).error?.code;
          if ((error as { status?: number }).status === 403)
            options.audit.append(
              refusalEvent(email, who.from, `${req.method} ${url.pathname}`, String(code)),
            );
          throw error;
        }
        const { event } = authorized;
        if (event)
          res.on('finish', () => {
            if (res.statusCode < 400 && event.what === 'publish')
              options.workspaces.updateClone().catch((error: unknown) => console.error(error));
            if (res.statusCode < 400)
              options.audit.append({
                who: email,
                what: event.what,
                from: who.from,
                detail: event.detail,
              });
          });
        // The identity the Changes screen shows is the one commits will carry.
        if (`${req.method} ${url.pathname}` === 'GET /api/publish/status')
          return sendJson(res, 200, { ...(await editor.publishing.status()), identity: person });
        if (`${req.method} ${url.pathname}` === 'POST /api/publish')
          return await oneAtATime(() => editor.handle(authorized.req, res, url));
        return await editor.handle(authorized.req, res, url);
      } catch (error) {
        answerFailure(res, error);
      }
    }

    return {
      handle,
      diskUse: () => options.workspaces.diskUse(),
      async sweep(idleMs) {
        const removed = await options.workspaces.removeUnused(idleMs);
        for (const id of removed) {
          const editor = editors.get(id);
          editors.delete(id);
          if (editor) (await editor).close();
        }
        return removed;
      },
      async close() {
        if (follow) clearInterval(follow);
        for (const editor of editors.values()) (await editor.catch(() => undefined))?.close();
        await vite.close();
      },
    };
  };
}
