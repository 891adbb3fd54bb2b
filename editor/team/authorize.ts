import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { teamMessages } from '../../engine/errors.ts';
import { yamlData } from '../document/read-yaml.ts';
import { syncTranslationText } from '../document/sync.ts';
import { HttpError, readJson } from '../server/api.ts';
import { sourcePageOf } from '../server/fix-translations.ts';
import type { ProjectFiles } from '../server/files.ts';
import type { AuditEvent } from './audit.ts';
import type { Member } from './members.ts';
import {
  decide,
  mayChange,
  textsOnly,
  type Documents,
  type PublishingRules,
  type Target,
} from './permissions.ts';
import { restoredText } from './restored-text.ts';
import { typedResolution } from './resolution-data.ts';

/** The routes whose JSON body says what they act on (read before the editor reads it again). */
const JSON_BODIES = new Set([
  'PUT /api/file',
  'POST /api/check',
  'POST /api/pages',
  'POST /api/translations',
  'POST /api/publish',
  'POST /api/publish/latest',
  'POST /api/publish/identity',
  'POST /api/publish/discard',
  'POST /api/publish/restore',
  'POST /api/publish/resolve',
]);

/** The routes whose body carries the commit identity: the signed-in person's, whatever was sent. */
const IDENTITY_BODIES = new Set(['POST /api/publish', 'POST /api/publish/latest']);

/** What the audit log records of an allowed request once it succeeded. */
export interface Authorized {
  /** The request to hand on (its body read here and replayed, possibly with the identity set). */
  req: IncomingMessage;
  event?: Pick<AuditEvent, 'what' | 'detail'>;
}

/** The request again, with `body` as its body (the editor's handlers read it as a stream). */
function replay(req: IncomingMessage, body: unknown): IncomingMessage {
  const text = Buffer.from(JSON.stringify(body));
  const copy = Readable.from([text]) as unknown as IncomingMessage;
  return Object.assign(copy, {
    method: req.method,
    url: req.url,
    headers: { ...req.headers, 'content-length': String(text.length) },
    socket: req.socket,
  });
}

/** The data of a text, undefined when there is none or it cannot be read. */
const parsed = (text: string | null | undefined) =>
  typeof text === 'string' ? yamlData(text) : undefined;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function targetOf(
  route: string,
  url: URL,
  body: Record<string, unknown>,
  files: ProjectFiles,
): Target {
  const file = (value: unknown): Target => ({ kind: 'file', file: files.resolve(value).file });
  switch (route) {
    case 'PUT /api/file':
    case 'POST /api/publish/discard':
    case 'POST /api/publish/restore':
    case 'POST /api/publish/resolve':
      return file(body.path);
    case 'DELETE /api/file':
      return file(url.searchParams.get('path'));
    case 'POST /api/images':
    case 'DELETE /api/images':
      return { kind: 'file', file: 'public/images' };
    case 'POST /api/pages': {
      const route = text(body.route);
      return route === undefined ? { kind: 'none' } : { kind: 'new-page', route };
    }
    case 'POST /api/translations': {
      const [code, route] = [text(body.code), text(body.route)];
      return code === undefined || route === undefined
        ? { kind: 'none' }
        : { kind: 'new-translation', code, route };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * Whether `member` may make this request of the editor's API, decided on what it acts on (read
 * from its body or query) and, for a save, on what it changes (the file on disk against the text
 * sent). Throws HttpError 403 in words when not; 404 for a route the API does not have.
 */
export async function authorize(
  req: IncomingMessage,
  url: URL,
  member: Member,
  person: { name: string; email: string },
  files: ProjectFiles,
  rules: PublishingRules,
): Promise<Authorized> {
  const route = `${req.method} ${url.pathname}`;
  const body = JSON_BODIES.has(route) ? await readJson(req) : {};
  const target = targetOf(route, url, body, files);
  const decision = decide(member, req.method ?? '', url.pathname, target, rules);
  if (!decision) throw new HttpError(404, teamMessages.notFound(url.pathname));
  if (!decision.allowed) throw new HttpError(403, decision.error);
  if (target.kind === 'file') {
    const documents = await documentsAfter(route, target.file, body, member, files);
    if (documents) {
      const change = mayChange(member, target.file, documents);
      if (!change.allowed) throw new HttpError(403, change.error);
    }
  }
  const sent = IDENTITY_BODIES.has(route) ? { ...body, ...person } : body;
  const forward = JSON_BODIES.has(route) ? replay(req, sent) : req;
  return { req: forward, event: eventOf(route, target, body) };
}

function onDisk(files: ProjectFiles, file: string): string | undefined {
  try {
    return files.read(file).text;
  } catch {
    return undefined; // a new file
  }
}

/**
 * The translation `file` as "Follow the original page" makes it of the file on disk: its blocks
 * and list items moved, added and removed as on its source page, the values that are not texts
 * copied from there (editor/document/sync.ts). Undefined when `file` is not a translation.
 */
function followedDocument(files: ProjectFiles, file: string): unknown {
  const source = sourcePageOf(files.root, file);
  const [translationText, sourceText] = [onDisk(files, file), source && onDisk(files, source)];
  if (translationText === undefined || sourceText === undefined) return undefined;
  return parsed(syncTranslationText(translationText, sourceText));
}

/**
 * What a request would make of `file`, for the check of what it changes (read lazily where it can
 * be: parsing a page is most of a save's work): a save's text; for a member who may change only
 * the texts to translate, the version a restore brings back (one that is not there, or not theirs
 * to restore, is refused by the restore itself) and the values typed into a conflict. Undefined:
 * nothing to check beyond the file.
 */
async function documentsAfter(
  route: string,
  file: string,
  body: Record<string, unknown>,
  member: Member,
  files: ProjectFiles,
): Promise<(() => Documents) | undefined> {
  const before = () => parsed(onDisk(files, file));
  if (route === 'PUT /api/file')
    return () => ({
      before: before(),
      after: parsed(text(body.text)),
      followed: () => followedDocument(files, file),
    });
  if (!textsOnly(member, file)) return undefined;
  if (route === 'POST /api/publish/restore') {
    const commit = text(body.commit);
    const after = commit === undefined ? undefined : await restoredText(files.root, commit, file);
    return after === undefined ? undefined : () => ({ before: before(), after: parsed(after) });
  }
  if (route === 'POST /api/publish/resolve' && body.choices && typeof body.choices === 'object') {
    const choices = body.choices as Record<string, unknown>;
    const typed = await typedResolution(files.root, file, onDisk(files, file), choices);
    return typed && (() => typed);
  }
  return undefined;
}

function eventOf(route: string, target: Target, body: Record<string, unknown>) {
  if (route === 'POST /api/publish')
    return { what: 'publish', detail: JSON.stringify(body.files ?? []) } as const;
  if (target.kind === 'file')
    return {
      what: target.file === 'site.config.yaml' ? 'settings-change' : 'save',
      detail: `${route} ${target.file}`,
    } as const;
  if (target.kind === 'new-page')
    return { what: 'save', detail: `${route} ${target.route}` } as const;
  if (target.kind === 'new-translation')
    return { what: 'save', detail: `${route} /${target.code}${target.route}` } as const;
  return undefined;
}
