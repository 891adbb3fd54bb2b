import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { describeFileChange, summarizeChanges } from '../changes/describe.ts';
import type { FileChange } from '../changes/types.ts';
import { conflictsNowOffThread } from '../changes/merge-thread.ts';
import { readConflicts, theirsBy, type FileConflict } from '../git/conflicts.ts';
import { getLatest, type LatestResult } from '../git/latest.ts';
import {
  identityProblem,
  isCommitId,
  isSafeAuthorFile,
  type AuthorIdentity,
} from '../git/names.ts';
import { authorChanges } from '../git/publish.ts';
import { fetchPublished, RemoteError } from '../git/remote.ts';
import { isLocalRemote } from '../git/remote-url.ts';
import type { JournalOp } from '../git/journal.ts';
import { inReview } from '../git/review.ts';
import { git } from '../git/run.ts';
import { repoState, type ReadyState } from '../git/state.ts';
import { publishedBase, readBlob, readDisk, type Difference } from '../git/tree.ts';
import {
  discardChange,
  fileAt,
  inHistory,
  resolveFile,
  restoreVersion,
  versionsOf,
} from '../git/versions.ts';
import { publishMessages } from '../../engine/errors.ts';
import { routeFromFile } from '../../engine/routes.ts';
import type {
  ChangesResponse,
  DiffResponse,
  FileConflictView,
  LatestResponse,
  PublishConflicts,
  PublishRefused,
  PublishResponse,
  PublishStatus,
  ReviewResponse,
  VersionsResponse,
} from '../shared/publish-api.ts';
import { apiError, HttpError, readJson, sendJson, type ApiContext } from './api.ts';
import { editorErrors } from './errors.ts';
import { inWords, shownText, unreadable } from './publish-words.ts';
import { publishingSettings } from './publish-check.ts';
import { publishOffThread } from './publish-thread.ts';
import { Collector } from '../../engine/collector.ts';
import { validateConfig } from '../../engine/validate-page.ts';
import { fromConfigText } from './from-config-text.ts';
import { serialQueue } from './serial-queue.ts';

const identitySchema = z.strictObject({
  name: z.string().max(200),
  email: z.string().max(200),
});
const publishSchema = identitySchema.extend({
  message: z.string().max(20_000),
  files: z.array(z.string().max(1000)).max(10_000).optional(),
});
const pathSchema = z.strictObject({ path: z.string().max(1000) });
const restoreSchema = z.strictObject({ path: z.string().max(1000), commit: z.string().max(64) });
const choiceSchema = z.union([
  z.strictObject({ pick: z.enum(['ours', 'theirs']) }),
  z.strictObject({ value: z.unknown() }),
]);
const resolveSchema = z.strictObject({
  path: z.string().max(1000),
  choices: z.record(z.string().max(200), choiceSchema),
});

async function body<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(req));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(
      400,
      editorErrors.badRequest(
        issue?.path.length ? `a valid "${issue.path.join('.')}"` : 'valid fields',
      ),
    );
  }
  return parsed.data;
}

function authorFile(value: unknown): string {
  if (!isSafeAuthorFile(value)) throw new HttpError(403, editorErrors.notWritable(String(value)));
  return value;
}

function identityOf(input: { name: string; email: string }): AuthorIdentity {
  const identity = { name: input.name.trim(), email: input.email.trim() };
  const problem = identityProblem(identity);
  if (problem) throw new HttpError(400, publishMessages.badInput(problem));
  return identity;
}

/** An interrupted operation finished (`done`) or undone, and the author files it rewrote. */
interface Recovered {
  op: JournalOp;
  files: string[];
  done?: boolean;
}

const routeOf = (file: string) => (file.startsWith('pages/') ? routeFromFile(file) : undefined);

/** The page now, when it is a field-level conflict's (what "Keep mine" keeps). */
const pageNow = (root: string, record: FileConflict) =>
  record.wholeFile ? undefined : shownText(readDisk(root, record.file));

/** A file's change in words, from its bytes (a version too large or not UTF-8 is not parsed). */
export function describeBytes(file: string, before: Buffer | undefined, after: Buffer | undefined) {
  const isText = !file.startsWith('public/');
  const problem = isText ? (unreadable(before) ?? unreadable(after)) : undefined;
  const text = isText && !problem;
  return describeFileChange({
    file,
    ...(text && before ? { before: before.toString('utf8') } : {}),
    ...(text && after ? { after: after.toString('utf8') } : {}),
    ...(before ? { beforeBytes: before.length } : {}),
    ...(after ? { afterBytes: after.length } : {}),
    ...(problem ? { unreadable: problem } : {}),
  });
}

/**
 * A conflict record as the Conflicts screen shows it, "Yours" as the page holds it now, "theirs"
 * with who published it and when.
 */
const conflictView =
  (root: string) =>
  async (record: FileConflict): Promise<FileConflictView> => {
    const route = routeOf(record.file);
    const now = pageNow(root, record);
    const by = await theirsBy(root, record);
    return {
      ...(by ? { theirsBy: by } : {}),
      file: record.file,
      ...(route ? { route } : {}),
      wholeFile: record.wholeFile,
      // Following the author's later edits merges the page again: seconds for a large page, on
      // the merge thread.
      conflicts:
        now === undefined
          ? record.conflicts
          : await conflictsNowOffThread(
              now,
              { file: record.file, base: record.base!, ours: record.ours!, theirs: record.theirs! },
              record.conflicts,
            ),
      ...(record.ours !== undefined ? { ours: record.ours } : {}),
      ...(record.theirs !== undefined ? { theirs: record.theirs } : {}),
    };
  };

/** Every conflict waiting, as the Conflicts screen shows them. */
const conflictViews = async (root: string) =>
  Promise.all((await readConflicts(root)).map(conflictView(root)));

/**
 * The publishing API (/api/publish/…). Git operations run one at a time (a queue per editor), each
 * with the author identity the request carries: nothing here knows a "current user".
 */
export class PublishingService {
  private readonly queue = serialQueue();
  /**
   * An operation the editor's last run (or a run killed meanwhile) left half done, finished or
   * undone since: said on the Changes screen until the next operation.
   */
  private recovered: string | undefined;

  /**
   * `recovered`: what the editor's start found and finished or undid (editor/git/journal.ts).
   * `alsoReadable`: commits outside this copy's history a client may still name (the team editor:
   * the review requests the person may read); by default none.
   */
  constructor(
    private readonly ctx: ApiContext,
    recovered?: Recovered,
    private readonly alsoReadable?: (commit: string) => Promise<boolean>,
  ) {
    if (recovered) this.noteRecovery(recovered);
  }

  /**
   * Whether a commit id a client sent may be read: of the published history or this copy's own,
   * or one `alsoReadable` allows. Another author's draft in a shared object store is not: it is
   * answered as an id no commit has.
   */
  private async readable(commit: string): Promise<boolean> {
    if (!isCommitId(commit)) return false;
    const state = await repoState(this.root);
    const publishedRef = state.kind === 'ready' ? state.publishedRef : undefined;
    if (await inHistory(this.root, publishedRef, commit)) return true;
    return (await this.alsoReadable?.(commit)) ?? false;
  }

  /** The site reads the rewritten files again; the author is told once. */
  private noteRecovery({ op, files, done }: Recovered) {
    this.refreshed(files);
    this.recovered = publishMessages.recovered(op, done);
  }

  private get root() {
    return this.ctx.files.root;
  }

  /** One git operation at a time: a publish and a get latest never interleave. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    return this.queue(() => {
      this.recovered = undefined;
      return work();
    });
  }

  /** The repository, ready to publish from, or a 409 saying in plain words why not. */
  private async ready(): Promise<ReadyState> {
    const state = await repoState(this.root);
    if (state.kind === 'ready') {
      if (state.recovered) this.noteRecovery(state.recovered);
      return state;
    }
    if (state.kind === 'unfinished')
      throw new HttpError(409, publishMessages.interrupted(state.reason));
    const why = state.kind === 'no-git' && state.gitMissing ? 'git-missing' : state.kind;
    throw new HttpError(409, publishMessages.unavailable(why));
  }

  /**
   * Files written behind the editor's back (get latest, discard, restore): the site index reads
   * them again.
   */
  private refreshed(files: string[]) {
    for (const file of files) {
      this.ctx.site.refresh(file);
      this.ctx.drafts.drop(file);
    }
  }

  private async identity(): Promise<AuthorIdentity | null> {
    const read = async (key: string) =>
      (await git(this.root, ['config', '--local', '--get', key], { okCodes: [1] })).stdout.trim();
    const name = await read('user.name');
    const email = await read('user.email');
    return name && email ? { name, email } : null;
  }

  async status(): Promise<PublishStatus> {
    const state = await repoState(this.root);
    const settings = publishingSettings(loadSiteConfig(this.root));
    if (state.kind !== 'ready') {
      const why = state.kind === 'no-git' && state.gitMissing ? 'git-missing' : state.kind;
      return {
        available: false,
        reason:
          state.kind === 'unfinished'
            ? publishMessages.interrupted(state.reason)
            : publishMessages.unavailable(why as Exclude<typeof why, 'unfinished'>),
        identity: null,
        mode: settings.mode,
        conflicts: 0,
      };
    }
    if (state.recovered) this.noteRecovery(state.recovered);
    const recovered = this.recovered;
    return {
      available: true,
      ...(isLocalRemote(state.url) ? {} : { destination: `${state.url} (${state.remoteBranch})` }),
      identity: await this.identity(),
      mode: settings.mode,
      conflicts: (await readConflicts(this.root)).length,
      ...(recovered ? { recovered } : {}),
    };
  }

  /** Kept in the repository's own settings (`git config --local`), asked once by the app. */
  async setIdentity(input: { name: string; email: string }) {
    const identity = identityOf(input);
    await this.ready();
    await git(this.root, ['config', '--local', '--', 'user.name', identity.name]);
    await git(this.root, ['config', '--local', '--', 'user.email', identity.email]);
    return this.status();
  }

  private async describe(root: string, d: Difference): Promise<FileChange> {
    const before = d.before ? await readBlob(root, d.before.sha) : undefined;
    const after = d.after ? readDisk(root, d.file) : undefined;
    return describeBytes(d.file, before, after);
  }

  async changes(): Promise<ChangesResponse> {
    const state = await this.ready();
    const { published, changes, unsafe, waiting, unrelated } = await authorChanges(
      this.root,
      state,
    );
    if (!published) throw new HttpError(409, publishMessages.unavailable('not-published'));
    const files = await Promise.all(changes.map((d) => this.describe(this.root, d)));
    return {
      files,
      message: summarizeChanges(files),
      unsafe,
      waiting: waiting.map(({ file, why }) => ({ file, ...publishMessages.waitingFile(why) })),
      ...(unrelated ? { unrelated: apiError(publishMessages.unrelated()) } : {}),
    };
  }

  async diff(file: string): Promise<DiffResponse> {
    const state = await this.ready();
    const published = await publishedBase(this.root, state.publishedRef);
    const before = published ? await fileAt(this.root, published, file) : undefined;
    const after = readDisk(this.root, file);
    return {
      path: file,
      published: shownText(before) ?? null,
      current: shownText(after) ?? null,
      ...(unreadable(before) || unreadable(after) ? { unreadable: true } : {}),
    };
  }

  discard(file: string) {
    return this.serial(async () => {
      const state = await this.ready();
      const outcome = await discardChange(this.root, state, file);
      if (outcome.status === 'failed')
        throw new HttpError(409, publishMessages.interrupted(outcome.reason));
      if (outcome.status === 'refused')
        throw new HttpError(409, publishMessages.discardRefused(file, outcome.reason));
      this.refreshed([file]);
      return { discarded: file };
    });
  }

  publish(input: z.infer<typeof publishSchema>): Promise<PublishResponse> {
    const identity = identityOf(input);
    return this.serial(async () => {
      const state = await this.ready();
      const result = await publishOffThread(this.root, state, {
        identity,
        message: input.message,
        mode: publishingSettings(loadSiteConfig(this.root)).mode,
        ...(input.files ? { expectFiles: input.files } : {}),
      });
      await this.refreshedAfter('latest' in result ? result.latest : undefined);
      switch (result.status) {
        case 'published':
          return {
            status: 'published',
            message: publishMessages.published(result.files.length),
            files: result.files,
            commit: result.commit,
          };
        case 'in-review':
          return {
            status: 'in-review',
            message: publishMessages.inReview(),
            files: result.files,
            name: result.branch,
            ...(result.pullRequestUrl ? { reviewUrl: result.pullRequestUrl } : {}),
          };
        case 'saved-locally': {
          const error = publishMessages.savedLocally(result.problem);
          return {
            status: 'saved-locally',
            message: error.message,
            hint: error.hint ?? '',
            files: result.files,
          };
        }
        case 'refused':
          throw new HttpError(422, publishMessages.refused(result.problems.length), {
            problems: result.problems,
          } satisfies Omit<PublishRefused, 'error'>);
        case 'conflicts': {
          const conflicts = await conflictViews(this.root);
          throw new HttpError(409, publishMessages.conflicts(conflicts.length), {
            conflicts,
          } satisfies Omit<PublishConflicts, 'error'>);
        }
        case 'blocked':
          throw new HttpError(
            409,
            result.latest.status === 'code-conflict'
              ? publishMessages.blocked(result.latest.files)
              : publishMessages.unrelated(),
          );
        case 'list-changed':
          throw new HttpError(409, publishMessages.listChanged(), { files: result.files });
        case 'nothing-to-publish':
          throw new HttpError(409, publishMessages.nothing());
        case 'not-published':
          throw new HttpError(409, publishMessages.unavailable('not-published'));
        case 'bad-input':
          throw new HttpError(400, publishMessages.badInput(result.field));
        case 'failed':
          throw new HttpError(409, publishMessages.interrupted(result.reason));
      }
    });
  }

  /**
   * The files a Get latest brought in, read again one at a time between other requests: dozens of
   * colleagues' pages read in one go would hold up the saves and previews this thread answers.
   */
  private async refreshedAfter(latest: LatestResult | undefined) {
    if (latest?.status !== 'updated') return;
    for (const file of [...latest.taken, ...latest.merged]) {
      this.refreshed([file]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  latest(input: z.infer<typeof identitySchema>): Promise<LatestResponse> {
    const identity = identityOf(input);
    return this.serial(async () => {
      const state = await this.ready();
      const waiting = async (records: FileConflict[]): Promise<LatestResponse> => {
        const conflicts = await Promise.all(records.map(conflictView(this.root)));
        return {
          status: 'conflicts-waiting',
          taken: [],
          merged: [],
          conflicts,
          message: publishMessages.latestWaits(conflicts.length),
        };
      };
      // Asked before fetching: getLatest would bring nothing in, and the answer needs no network.
      const records = await readConflicts(this.root);
      if (records.length) return waiting(records);
      try {
        await fetchPublished(this.root, state, true);
      } catch (error) {
        if (!(error instanceof RemoteError)) throw error;
        throw new HttpError(503, publishMessages.latestUnreachable(error.problem));
      }
      const result = await getLatest(this.root, state, identity);
      if (result.status === 'conflicts-waiting') return waiting(await readConflicts(this.root));
      if (result.status === 'code-conflict')
        throw new HttpError(409, publishMessages.blocked(result.files));
      if (result.status === 'unrelated') throw new HttpError(409, publishMessages.unrelated());
      if (result.status === 'failed')
        throw new HttpError(409, publishMessages.interrupted(result.reason));
      await this.refreshedAfter(result);
      const conflicts = await conflictViews(this.root);
      if (result.status === 'up-to-date')
        return {
          status: 'up-to-date',
          taken: [],
          merged: [],
          conflicts,
          message: publishMessages.upToDate(),
        };
      const count = result.taken.length + result.merged.length;
      return {
        status: 'updated',
        taken: result.taken,
        merged: result.merged,
        conflicts,
        message: conflicts.length
          ? publishMessages.latestConflicts(conflicts.length)
          : publishMessages.gotLatest(count),
      };
    });
  }

  /** A file's text for the side-by-side previews: published, on disk, or a conflict's side. */
  async versionText(file: string, version: string): Promise<string | undefined> {
    if (!isSafeAuthorFile(file)) return undefined;
    if (version === 'current') return shownText(readDisk(this.root, file));
    if (isCommitId(version))
      return (await this.readable(version))
        ? shownText(await fileAt(this.root, version, file))
        : undefined;
    const state = await repoState(this.root);
    if (state.kind !== 'ready') return undefined;
    if (version === 'published') {
      const published = await publishedBase(this.root, state.publishedRef);
      return published ? shownText(await fileAt(this.root, published, file)) : undefined;
    }
    const record = (await readConflicts(this.root)).find((c) => c.file === file);
    if (version === 'ours') return record && (pageNow(this.root, record) ?? record.ours);
    return record?.theirs;
  }

  async conflicts() {
    await this.ready();
    return { conflicts: await conflictViews(this.root) };
  }

  resolve(input: z.infer<typeof resolveSchema>) {
    const file = authorFile(input.path);
    return this.serial(async () => {
      await this.ready();
      let outcome;
      try {
        outcome = await resolveFile(this.root, file, input.choices as never);
      } catch (error) {
        // Choices for conflicts the record does not hold (an older screen): shown again.
        console.error(error);
        throw new HttpError(409, publishMessages.unknownConflict(file));
      }
      if (outcome === 'unknown-file')
        throw new HttpError(404, publishMessages.unknownConflict(file));
      if (outcome === 'missing-choice')
        throw new HttpError(400, publishMessages.choiceMissing(file));
      if (outcome === 'changed-since')
        throw new HttpError(409, publishMessages.changedSinceConflict(file));
      if (outcome !== 'resolved') throw new HttpError(409, publishMessages.interrupted(outcome));
      this.refreshed([file]);
      return { resolved: file, text: shownText(readDisk(this.root, file)) ?? '' };
    });
  }

  async versions(file: string): Promise<VersionsResponse> {
    const state = await this.ready();
    const list = await versionsOf(this.root, state, file);
    const versions = await Promise.all(
      list.map(async (version) => {
        const after = await fileAt(this.root, version.commit, file);
        const before = version.parent ? await fileAt(this.root, version.parent, file) : undefined;
        const change =
          before?.equals(after ?? Buffer.alloc(0)) && after
            ? null
            : describeBytes(file, before, after);
        return {
          commit: version.commit,
          author: version.author,
          date: version.date,
          message: version.message,
          change,
        };
      }),
    );
    return { path: file, versions };
  }

  async version(file: string, commit: string) {
    await this.ready();
    const content = (await this.readable(commit))
      ? await fileAt(this.root, commit, file)
      : undefined;
    if (!content) throw new HttpError(404, publishMessages.unknownVersion(file));
    const text = shownText(content);
    if (text === undefined) throw new HttpError(409, publishMessages.notShown(file));
    return { path: file, commit, text };
  }

  restore(input: z.infer<typeof restoreSchema>) {
    const file = authorFile(input.path);
    return this.serial(async () => {
      const state = await this.ready();
      const outcome = await restoreVersion(this.root, input.commit, file, state);
      if (outcome.status === 'failed')
        throw new HttpError(409, publishMessages.interrupted(outcome.reason));
      if (outcome.status === 'refused')
        throw new HttpError(
          outcome.reason === 'not-a-version' ? 404 : 409,
          publishMessages.restoreRefused(file, outcome.reason),
        );
      this.refreshed([file]);
      return { restored: file, text: shownText(readDisk(this.root, file)) ?? '' };
    });
  }

  review(): Promise<ReviewResponse> {
    return this.serial(async () => {
      const state = await this.ready();
      try {
        await fetchPublished(this.root, state, true);
      } catch {
        // offline: the list as last fetched
      }
      const items = await inReview(this.root, state);
      return {
        items: items.map((item) => ({
          name: item.branch,
          author: item.author,
          date: item.date,
          message: item.message,
          files: item.files,
          mergesCleanly: item.mergesCleanly,
          ...(item.pullRequestUrl ? { reviewUrl: item.pullRequestUrl } : {}),
        })),
      };
    });
  }

  /** Answers /api/publish/…: every refusal and failure in words (publish-words.ts). */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      await this.route(req, res, url);
    } catch (error) {
      throw await inWords(this.root, error);
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const query = (name: string) => url.searchParams.get(name);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /api/publish/status':
        return sendJson(res, 200, await this.status());
      case 'POST /api/publish/identity':
        return sendJson(res, 200, await this.setIdentity(await body(req, identitySchema)));
      case 'GET /api/publish/changes':
        return sendJson(res, 200, await this.changes());
      case 'GET /api/publish/diff':
        return sendJson(res, 200, await this.diff(authorFile(query('path'))));
      case 'POST /api/publish/discard': {
        const { path } = await body(req, pathSchema);
        return sendJson(res, 200, await this.discard(authorFile(path)));
      }
      case 'POST /api/publish':
        return sendJson(res, 200, await this.publish(await body(req, publishSchema)));
      case 'POST /api/publish/latest':
        return sendJson(res, 200, await this.latest(await body(req, identitySchema)));
      case 'GET /api/publish/conflicts':
        return sendJson(res, 200, await this.conflicts());
      case 'POST /api/publish/resolve':
        return sendJson(res, 200, await this.resolve(await body(req, resolveSchema)));
      case 'GET /api/publish/versions':
        return sendJson(res, 200, await this.versions(authorFile(query('path'))));
      case 'GET /api/publish/version':
        return sendJson(
          res,
          200,
          await this.version(authorFile(query('path')), query('commit') ?? ''),
        );
      case 'POST /api/publish/restore':
        return sendJson(res, 200, await this.restore(await body(req, restoreSchema)));
      case 'GET /api/publish/review':
        return sendJson(res, 200, await this.review());
      default:
        throw new HttpError(404, editorErrors.notFound(url.pathname));
    }
  }
}

/**
 * The site config as validated (its publishing settings); undefined when it has errors. Validated
 * again only when its text changed: each publish asks.
 */
const loadSiteConfig = fromConfigText(
  (root, text) => validateConfig(root, new Collector(), text).config,
  (root) => validateConfig(root, new Collector()).config,
);
