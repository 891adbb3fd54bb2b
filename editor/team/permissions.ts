import {
  editorMessages,
  teamMessages,
  teamReviewMessages,
  type AuthorError,
} from '../../engine/errors.ts';
import { routeFromFile } from '../../engine/routes.ts';
import { leavesOf } from '../../engine/translation-fields.ts';
import type { Role } from '../../schema/team.ts';
import { fieldLabel } from '../changes/labels.ts';
import { changedPaths } from './changed-paths.ts';
import { roleRank, type Grant, type Member } from './members.ts';
import { matchesRouteGlob } from './route-glob.ts';

/**
 * Who may do what in the team editor, as pure functions of the member, the request and the site's
 * settings: the server asks these before it acts and answers a refusal with 403 in its words.
 */

export type Decision = { allowed: true } | { allowed: false; error: AuthorError };

/** What the site's settings say about publishing (site.config.yaml › publishing). */
export interface PublishingRules {
  mode: 'direct' | 'review';
  requireReview: boolean;
}

/** What a request acts on, read by the server from its body or query (never from the screen). */
export type Target =
  | { kind: 'none' }
  /** A file written, deleted, restored, discarded or resolved. */
  | { kind: 'file'; file: string }
  | { kind: 'new-page'; route: string }
  | { kind: 'new-translation'; code: string; route: string }
  /** A change set about to be sent for review: the files it changes. */
  | { kind: 'change-set'; files: readonly string[] }
  /** A request sent for review: whether the member sent it, and the files it changes. */
  | { kind: 'review'; own: boolean; files: readonly string[] };

type Rule =
  | 'read'
  | 'write-file'
  | 'delete-file'
  | 'new-page'
  | 'new-translation'
  | 'publish'
  | 'update'
  | 'identity'
  | 'send-review'
  | 'read-review'
  | 'approve-review'
  | 'ask-changes'
  | 'withdraw-review';

/**
 * Every route of the editor's API (editor/server/api.ts, publishing.ts, media/routes.ts) and what
 * it does.
 */
export const API_ROUTES: Readonly<Record<string, Rule>> = {
  'GET /api/pages': 'read',
  'GET /api/site': 'read',
  'GET /api/blocks': 'read',
  'GET /api/events': 'read',
  'GET /api/languages': 'read',
  'GET /api/file': 'read',
  'POST /api/check': 'read',
  'PUT /api/file': 'write-file',
  'DELETE /api/file': 'delete-file',
  'POST /api/pages': 'new-page',
  'POST /api/translations': 'new-translation',
  'GET /api/publish/status': 'read',
  'GET /api/publish/changes': 'read',
  'GET /api/publish/diff': 'read',
  'GET /api/publish/conflicts': 'read',
  'GET /api/publish/versions': 'read',
  'GET /api/publish/version': 'read',
  'GET /api/publish/review': 'read',
  'POST /api/publish/identity': 'identity',
  'POST /api/publish': 'publish',
  'POST /api/publish/latest': 'update',
  'POST /api/publish/discard': 'write-file',
  'POST /api/publish/restore': 'write-file',
  'POST /api/publish/resolve': 'write-file',
  'GET /api/media': 'read',
  'POST /api/images': 'write-file',
  'DELETE /api/images': 'write-file',
  // Review inside the editor (editor/team/review-routes.ts): the list holds what the member may
  // read (`read-review` of each request).
  'GET /api/reviews': 'read',
  'GET /api/reviews/item': 'read-review',
  'POST /api/reviews': 'send-review',
  'POST /api/reviews/approve': 'approve-review',
  'POST /api/reviews/ask': 'ask-changes',
  'POST /api/reviews/withdraw': 'withdraw-review',
};

const ALLOWED: Decision = { allowed: true };
const refused = (error: AuthorError): Decision => ({ allowed: false, error });

const atLeast = (member: Member, role: Role) => roleRank(member.role) >= roleRank(role);

/** The member's entries that let them change `route`. */
const grantsFor = (member: Member, route: string) =>
  member.grants.filter(
    (grant) => !grant.pages || grant.pages.some((glob) => matchesRouteGlob(glob, route)),
  );

/** Every page pattern the member has (for the words of a refusal). */
const patternsOf = (member: Member) =>
  member.grants.some((grant) => !grant.pages)
    ? ['/**']
    : [...new Set(member.grants.flatMap((grant) => grant.pages ?? []))];

const unrestricted = (grant: Grant) => !grant.pages && grant.fields === 'all';

/**
 * May the member change the page at `route` at all (`structure`: also add, remove and move its
 * blocks, or create or delete it, which a translator may not)?
 */
function mayTouchRoute(member: Member, route: string, structure: boolean): Decision {
  const grants = grantsFor(member, route);
  if (grants.length === 0) return refused(teamMessages.pageNotYours(route, patternsOf(member)));
  if (structure && !grants.some((grant) => grant.fields === 'all'))
    return refused(teamMessages.onlyTranslatable(route));
  return ALLOWED;
}

/** May the member write (or delete, restore, discard) `file`, whatever its content? */
function mayWriteFile(member: Member, file: string, structure = false): Decision {
  if (file === 'site.config.yaml')
    return atLeast(member, 'admin')
      ? ALLOWED
      : refused(teamMessages.roleNeeded('change-settings', 'admin', member.role));
  if (file.startsWith('public/'))
    return member.grants.some(unrestricted)
      ? ALLOWED
      : refused(teamMessages.filesNotYours(patternsOf(member)));
  const route = routeFromFile(file);
  if (route === undefined) return refused(editorMessages.notWritable(file));
  return mayTouchRoute(member, route, structure);
}

/** May the member change every file of a change set (a reviewer: the files of the request)? */
function mayWriteAll(member: Member, files: readonly string[]): Decision {
  for (const file of files) {
    const decision = mayWriteFile(member, file);
    if (!decision.allowed) return decision;
  }
  return ALLOWED;
}

/**
 * May the member act on a request sent for review as a reviewer (a publisher whose pages cover
 * every file of it)? Its author may read and withdraw their own whatever their role.
 */
function mayReview(member: Member, target: Target, action: 'read' | 'review'): Decision {
  if (target.kind !== 'review') return refused(editorMessages.badRequest('"id" of a review'));
  if (action === 'read' && target.own) return ALLOWED;
  if (!atLeast(member, 'publisher'))
    return target.own
      ? refused(teamMessages.roleNeeded('approve-changes', 'publisher', member.role))
      : refused(teamReviewMessages.notYours());
  // Only the entries that make them a publisher count: an author's entry for other pages does not.
  const asPublisher = {
    ...member,
    grants: member.grants.filter((grant) => roleRank(grant.role) >= roleRank('publisher')),
  };
  return mayWriteAll(asPublisher, target.files);
}

/** The route of a new translation: /<code><route>. */
const translationRoute = (code: string, route: string) => `/${code}${route === '/' ? '' : route}`;

/**
 * Whether `member` may make the request `method path` on `target`. Undefined: not a route of the
 * editor's API (the server answers 404). Saves are checked again on what they change
 * (`mayChange`).
 */
export function decide(
  member: Member,
  method: string,
  path: string,
  target: Target,
  rules: PublishingRules,
): Decision | undefined {
  const rule = API_ROUTES[`${method} ${path}`];
  switch (rule) {
    case undefined:
      return undefined;
    case 'read':
      return ALLOWED;
    case 'identity':
      return refused(teamMessages.identityFromSignIn());
    case 'update':
      return ALLOWED;
    case 'publish':
      if (rules.mode === 'review') return ALLOWED; // sends a review branch: any member
      if (rules.requireReview) return refused(teamMessages.reviewRequired());
      return atLeast(member, 'publisher')
        ? ALLOWED
        : refused(teamMessages.roleNeeded('publish', 'publisher', member.role));
    case 'write-file':
    case 'delete-file':
      if (target.kind !== 'file') return refused(editorMessages.missingPath());
      return mayWriteFile(member, target.file, rule === 'delete-file');
    case 'new-page':
      if (target.kind !== 'new-page') return refused(editorMessages.badRequest('"route" (text)'));
      return mayTouchRoute(member, target.route, true);
    case 'new-translation':
      if (target.kind !== 'new-translation')
        return refused(editorMessages.badRequest('"code" and "route" (text)'));
      return mayTouchRoute(member, translationRoute(target.code, target.route), false);
    case 'send-review':
      if (target.kind !== 'change-set') return refused(editorMessages.badRequest('"message"'));
      return mayWriteAll(member, target.files);
    case 'read-review':
    case 'withdraw-review':
      return mayReview(member, target, 'read');
    case 'ask-changes':
      return mayReview(member, target, 'review');
    case 'approve-review': {
      const decision = mayReview(member, target, 'review');
      if (!decision.allowed) return decision;
      // Checked last: the words say what is wrong for this member, not only that it is theirs.
      if (target.kind === 'review' && target.own && rules.requireReview)
        return refused(teamReviewMessages.ownChange());
      return ALLOWED;
    }
  }
}

/** Whether the member may change only the texts to translate of the page `file` (a translator). */
export function textsOnly(member: Member, file: string): boolean {
  const route = routeFromFile(file);
  return route !== undefined && !grantsFor(member, route).some((grant) => grant.fields === 'all');
}

/** A page's own record of its source's texts, which a translator updates as they review. */
const TRANSLATOR_FIELDS = new Set(['translatedFrom']);

/**
 * The parsed data of a file on disk (`before`) and as a request would make it (`after`); undefined
 * when a text does not parse. `followed`: the file on disk as "Follow the original page" makes it,
 * for a translation (undefined for any other file).
 */
export interface Documents {
  before: unknown;
  after: unknown;
  followed?: () => unknown;
}

/** The paths at which `after` differs from `from` that are not texts to translate in both. */
function untranslatableChanges(from: unknown, after: unknown) {
  const texts = (data: unknown) =>
    new Set(
      leavesOf(data)
        .filter((leaf) => leaf.text)
        .map((leaf) => JSON.stringify(leaf.path)),
    );
  const [textsFrom, textsAfter] = [texts(from), texts(after)];
  return changedPaths(from, after).filter((path) => {
    if (typeof path[0] === 'string' && TRANSLATOR_FIELDS.has(path[0])) return false;
    const key = JSON.stringify(path);
    return !textsFrom.has(key) || !textsAfter.has(key);
  });
}

/**
 * Whether `member` may save `file` changed from `before` to `after`. A member whose only entries
 * for the page are translators' changes texts only: every changed path must be a text to
 * translate in both versions (engine/translation-fields.ts), or the page's record of its source.
 * A translation may also follow its source page's structure (blocks moved, added or removed
 * there, links and pictures changed): its values that are not texts may then be what following
 * makes them, and nothing else. The documents are read only for such a member (parsing a page
 * twice is most of a save's work).
 */
export function mayChange(member: Member, file: string, documents: () => Documents): Decision {
  const access = mayWriteFile(member, file);
  if (!access.allowed) return access;
  const route = routeFromFile(file);
  if (route === undefined || !textsOnly(member, file)) return ALLOWED;
  const { before, after, followed } = documents();
  if (before === undefined || after === undefined)
    return refused(teamMessages.onlyTranslatable(route));
  const [first] = untranslatableChanges(before, after);
  if (!first) return ALLOWED;
  const source = followed?.();
  if (source !== undefined && untranslatableChanges(source, after).length === 0) return ALLOWED;
  return refused(
    teamMessages.onlyTranslatable(first.length ? fieldLabel(file, after, [...first]) : route),
  );
}
