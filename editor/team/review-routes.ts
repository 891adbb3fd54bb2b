import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { teamReviewMessages, teamReviewWords } from '../../engine/errors.ts';
import { routeFromFile } from '../../engine/routes.ts';
import { readConflicts } from '../git/conflicts.ts';
import { identityProblem, type AuthorIdentity } from '../git/names.ts';
import { authorChanges, publish } from '../git/publish.ts';
import { gitText, git } from '../git/run.ts';
import { repoState } from '../git/state.ts';
import { commitDifferences } from '../git/tree.ts';
import { fileAt } from '../git/versions.ts';
import { HttpError, readJson, sendJson } from '../server/api.ts';
import { editorErrors } from '../server/errors.ts';
import { checkSiteForPublish } from '../server/publish-check.ts';
import { describeBytes } from '../server/publishing.ts';
import type {
  ReviewActionResponse,
  ReviewItemResponse,
  ReviewsResponse,
  ReviewSummary,
} from '../shared/review-api.ts';
import { refusalEvent, type AuditEvent, type AuditLog } from './audit.ts';
import type { Member } from './members.ts';
import { decide, type PublishingRules, type Target } from './permissions.ts';
import type { ReviewPerson, ReviewRequest, ReviewStore } from './reviews.ts';
import type { Session } from './sessions.ts';
import type { Workspaces } from './workspaces.ts';

const MAX_COMMENT = 2000;
const MAX_MESSAGE = 20_000;

export interface ReviewDeps {
  store: ReviewStore;
  workspaces: Workspaces;
  audit: AuditLog;
  rules(): PublishingRules;
  /** The server's one-publish-at-a-time queue (each publish fetches what the one before sent). */
  oneAtATime: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * After a request was published: the author's workspace gets the latest published version, so
   * their Changes no longer lists what went live.
   */
  published(author: ReviewRequest['author']): Promise<void>;
}

interface Requester {
  member: Member;
  session: Session;
  from: string;
}

const sendSchema = z.strictObject({ message: z.string() });
const idSchema = z.strictObject({ id: z.string().max(64) });
const askSchema = z.strictObject({ id: z.string().max(64), comment: z.string() });

async function bodyOf<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(req));
  if (!parsed.success) throw new HttpError(400, editorErrors.badRequest('valid fields'));
  return parsed.data;
}

const routeOf = (file: string) =>
  file.startsWith('pages/') ? (routeFromFile(file) ?? file) : file;

function summary(request: ReviewRequest, subject: string): ReviewSummary {
  return {
    id: request.id,
    author: { name: request.author.name, email: request.author.email },
    message: request.message,
    files: request.files,
    routes: request.files.map(routeOf),
    status: request.status,
    sentAt: new Date(request.createdAt).toISOString(),
    updatedAt: new Date(request.updatedAt).toISOString(),
    problems: request.check.length,
    own: request.author.subject === subject,
    events: request.events.map((event) => ({
      kind: event.kind,
      by: event.by,
      at: new Date(event.at).toISOString(),
      ...(event.comment !== undefined ? { comment: event.comment } : {}),
    })),
  };
}

/** `git interpret-trailers`: the message with `Reviewed-by: Name <email>` as git writes trailers. */
const withReviewer = (root: string, message: string, reviewer: AuthorIdentity) =>
  gitText(
    root,
    ['interpret-trailers', `--trailer=Reviewed-by: ${reviewer.name} <${reviewer.email}>`],
    {
      input: message.endsWith('\n') ? message : `${message}\n`,
    },
  );

/**
 * Review inside the team editor (/api/reviews…): "Send for review" freezes the author's saved
 * changes in a commit (`refs/reviews/<id>` of the shared object store) and records the request;
 * publishers read it (the change in words, the two versions side by side, the site check's
 * result), approve and publish it (merged onto the latest published version, checked, committed
 * with the author as author, the reviewer as committer and a `Reviewed-by:` trailer) or ask for
 * changes. Every action is decided by permissions.ts on the request as stored, and recorded.
 */
export function reviewRoutes(deps: ReviewDeps) {
  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    who: Requester,
  ): Promise<void> {
    const route = `${req.method} ${url.pathname}`;
    const person: ReviewPerson = { name: who.session.name, email: who.session.email };
    const rules = deps.rules();
    const targetOf = (request: ReviewRequest): Target => ({
      kind: 'review',
      own: request.author.subject === who.session.subject,
      files: request.files,
    });
    const allowed = (target: Target) => {
      const decision = decide(who.member, req.method ?? '', url.pathname, target, rules);
      if (!decision) throw new HttpError(404, editorErrors.notFound(url.pathname));
      if (!decision.allowed) {
        deps.audit.append(refusalEvent(person.email, who.from, route, decision.error.code));
        throw new HttpError(403, decision.error);
      }
    };
    const record = (what: AuditEvent['what'], request: ReviewRequest) =>
      deps.audit.append({
        who: person.email,
        what,
        from: who.from,
        detail: `${request.id} ${JSON.stringify(request.files)}`,
      });
    const requestFor = (id: unknown) => {
      const request = typeof id === 'string' ? deps.store.get(id) : undefined;
      if (!request) throw new HttpError(404, teamReviewMessages.notFound());
      allowed(targetOf(request));
      return request;
    };
    const answer = (request: ReviewRequest, message: string) =>
      sendJson(res, 200, {
        request: summary(request, who.session.subject),
        message,
      } satisfies ReviewActionResponse);

    switch (route) {
      case 'GET /api/reviews': {
        const read = (request: ReviewRequest) =>
          decide(who.member, 'GET', '/api/reviews/item', targetOf(request), rules)?.allowed;
        return sendJson(res, 200, {
          requests: deps.store
            .list()
            .filter(read)
            .map((request) => summary(request, who.session.subject)),
          reviewer: who.member.role !== 'author',
          requireReview: rules.requireReview,
        } satisfies ReviewsResponse);
      }
      case 'GET /api/reviews/item': {
        const request = requestFor(url.searchParams.get('id'));
        const root = deps.workspaces.sharedRoot;
        const changes = await Promise.all(
          request.files.map(async (file) =>
            describeBytes(
              file,
              await fileAt(root, request.base, file),
              await fileAt(root, request.commit, file),
            ),
          ),
        );
        return sendJson(res, 200, {
          request: summary(request, who.session.subject),
          changes,
          check: request.check,
          base: request.base,
          commit: request.commit,
        } satisfies ReviewItemResponse);
      }
      case 'POST /api/reviews': {
        const { message } = await bodyOf(req, sendSchema);
        if (!message.trim() || message.length > MAX_MESSAGE)
          throw new HttpError(400, teamReviewMessages.badMessage(MAX_MESSAGE));
        return deps.oneAtATime(async () => {
          const { root } = await deps.workspaces.of(who.session.subject);
          const state = await repoState(root);
          if (state.kind !== 'ready') throw new HttpError(409, teamReviewMessages.notPublished());
          if ((await readConflicts(root)).length)
            throw new HttpError(409, teamReviewMessages.conflictsWaiting());
          const { published, changes } = await authorChanges(root, state);
          if (!published) throw new HttpError(409, teamReviewMessages.notPublished());
          if (!changes.length) throw new HttpError(409, teamReviewMessages.nothingToSend());
          const files = changes.map((change) => change.file);
          allowed({ kind: 'change-set', files });
          if (identityProblem(person)) throw new HttpError(400, teamReviewMessages.notPublished());
          const commit = await commitDifferences(
            root,
            published,
            changes,
            [published],
            message,
            person,
          );
          const check = checkSiteForPublish(root).problems;
          const frozen = { commit, base: published, message, files, check };
          // One open request per author: their workspace holds one change set, sent again.
          const open = deps.store
            .list()
            .find(
              (r) =>
                r.author.subject === who.session.subject &&
                (r.status === 'waiting' || r.status === 'changes-asked'),
            );
          const request = open
            ? deps.store.save({
                ...open,
                ...frozen,
                status: 'waiting',
                events: [...open.events, { kind: 'sent', by: person, at: Date.now() }],
              })
            : deps.store.create(
                { ...frozen, author: { ...person, subject: who.session.subject } },
                person,
              );
          await git(root, ['update-ref', `refs/reviews/${request.id}`, commit]);
          record('review-sent', request);
          return answer(request, open ? teamReviewWords.sentAgain : teamReviewWords.sent);
        });
      }
      case 'POST /api/reviews/ask': {
        const { id, comment } = await bodyOf(req, askSchema);
        const request = requestFor(id);
        const text = comment.trim();
        if (!text || text.length > MAX_COMMENT)
          throw new HttpError(400, teamReviewMessages.badComment(MAX_COMMENT));
        if (request.status !== 'waiting') throw new HttpError(409, teamReviewMessages.notWaiting());
        const saved = deps.store.save({
          ...request,
          status: 'changes-asked',
          events: [
            ...request.events,
            { kind: 'changes-asked', by: person, at: Date.now(), comment: text },
          ],
        });
        record('review-changes-asked', saved);
        return answer(saved, teamReviewWords.askedForChanges(request.author.name));
      }
      case 'POST /api/reviews/withdraw': {
        const request = requestFor((await bodyOf(req, idSchema)).id);
        if (request.status !== 'waiting' && request.status !== 'changes-asked')
          throw new HttpError(409, teamReviewMessages.notWaiting());
        const saved = deps.store.save({
          ...request,
          status: 'withdrawn',
          events: [...request.events, { kind: 'withdrawn', by: person, at: Date.now() }],
        });
        record('review-withdrawn', saved);
        return answer(saved, teamReviewWords.withdrawn);
      }
      case 'POST /api/reviews/approve': {
        const request = requestFor((await bodyOf(req, idSchema)).id);
        if (request.status !== 'waiting') throw new HttpError(409, teamReviewMessages.notWaiting());
        let published: string;
        try {
          published = await deps.oneAtATime(() => approve(deps, request, person));
        } catch (error) {
          // A clash, a failed check, an unreachable remote: tried, and nothing published.
          const code = error instanceof HttpError ? error.error.code : 'internal';
          deps.audit.append({
            who: person.email,
            what: 'review-not-published',
            from: who.from,
            detail: `${request.id}: ${code}`,
          });
          throw error;
        }
        const current = deps.store.get(request.id) ?? request;
        const saved = deps.store.save({
          ...current,
          status: 'approved-published',
          published,
          events: [...current.events, { kind: 'approved-published', by: person, at: Date.now() }],
        });
        record('review-approved', saved);
        deps.workspaces
          .updateClone()
          .then(() => deps.published(request.author))
          .catch((error: unknown) => console.error(error));
        return answer(saved, teamReviewWords.approved(request.author.name));
      }
      default:
        throw new HttpError(404, editorErrors.notFound(url.pathname));
    }
  };
}

/**
 * Publishes the reviewed commit from a worktree of its own: the latest published version merged
 * in field by field, the whole site checked, the commit by the author, committed by the reviewer
 * with a `Reviewed-by:` trailer. The published commit, or an HttpError saying why nothing was.
 */
async function approve(
  deps: ReviewDeps,
  request: ReviewRequest,
  reviewer: AuthorIdentity,
): Promise<string> {
  // Approved while this one waited in the queue: not twice.
  if (deps.store.get(request.id)?.status !== 'waiting')
    throw new HttpError(409, teamReviewMessages.notWaiting());
  const result = await deps.workspaces.reviewDesk(request.id, request.commit, async (root) => {
    const state = await repoState(root);
    if (state.kind !== 'ready') throw new HttpError(409, teamReviewMessages.notPublished());
    return publish(root, state, {
      identity: { name: request.author.name, email: request.author.email },
      committer: reviewer,
      message: await withReviewer(root, request.message, reviewer),
      mode: 'direct',
      check: () => checkSiteForPublish(root).problems,
    });
  });
  switch (result.status) {
    case 'published':
      return result.commit;
    case 'conflicts': {
      const files = result.latest.status === 'updated' ? result.latest.conflicts : [];
      throw new HttpError(409, teamReviewMessages.clashes(files.map((c) => routeOf(c.file))));
    }
    case 'refused':
      throw new HttpError(422, teamReviewMessages.checkFailed(result.problems.length), {
        problems: result.problems,
      });
    case 'nothing-to-publish':
      throw new HttpError(409, teamReviewMessages.alreadyPublished());
    default:
      throw new HttpError(409, teamReviewMessages.notPublished());
  }
}
