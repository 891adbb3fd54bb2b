import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { git } from '../git/run.ts';
import { isProcessAlive } from '../../engine/process-alive.ts';
import { serialQueue } from '../server/serial-queue.ts';

/** A team member's workspace: a git worktree of the clone on a branch of their own. */
export interface Workspace {
  id: string;
  root: string;
  branch: string;
}

/** A stable name for a person's workspace: from the provider's subject, never from input. */
export const workspaceId = (subject: string) =>
  createHash('sha256').update(subject).digest('hex').slice(0, 16);

/** Bytes of the files under `folder` (links not followed; a worktree's `.git` is a small file). */
function diskUse(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) total += diskUse(file);
    else total += lstatSync(file).size;
  }
  return total;
}

/**
 * The team members' workspaces under `<data>/workspaces`: one git worktree per person on the
 * branch `drafts/<id>`, tracking the published branch, sharing the clone's object store. Worktree
 * operations (add, remove, prune) run one at a time; what a server killed meanwhile left behind is
 * recovered at start (`open`).
 */
export class Workspaces {
  /** One worktree operation at a time. */
  private readonly serial = serialQueue();
  private readonly lastUsed = new Map<string, number>();

  private constructor(
    private readonly clone: string,
    private readonly folder: string,
    private readonly branch: string,
    private readonly now: () => number,
  ) {}

  /**
   * Takes the data folder's lock (refused while another living server holds it; a dead one's is
   * taken over), prunes worktrees whose folders are gone and removes git lock files no process
   * holds any more (nothing of ours runs git before this).
   */
  static async open(options: {
    clone: string;
    folder: string;
    branch: string;
    now?: () => number;
  }): Promise<Workspaces> {
    const { clone, folder, branch } = options;
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const lock = path.join(folder, 'server.pid');
    if (existsSync(lock)) {
      const pid = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid))
        throw new Error(`The workspaces in ${folder} are in use by process ${pid}.`);
    }
    writeFileSync(lock, `${process.pid}\n`, { mode: 0o600 });
    const gitDir = (await git(clone, ['rev-parse', '--absolute-git-dir'])).stdout.trim();
    const locks = [path.join(gitDir, 'index.lock')];
    const worktrees = path.join(gitDir, 'worktrees');
    if (existsSync(worktrees))
      for (const name of readdirSync(worktrees))
        locks.push(path.join(worktrees, name, 'index.lock'));
    for (const file of locks) rmSync(file, { force: true });
    await git(clone, ['worktree', 'prune']);
    const workspaces = new Workspaces(clone, folder, branch, options.now ?? Date.now);
    for (const id of workspaces.ids()) workspaces.lastUsed.set(id, workspaces.now());
    return workspaces;
  }

  private describe(id: string): Workspace {
    return { id, root: path.join(this.folder, id), branch: `drafts/${id}` };
  }

  /** The ids of the workspaces on disk. */
  ids(): string[] {
    return readdirSync(this.folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^[0-9a-f]{16}$/.test(entry.name))
      .map((entry) => entry.name);
  }

  /** The person's workspace, made on first use from the published branch. */
  async of(subject: string): Promise<Workspace> {
    const workspace = this.describe(workspaceId(subject));
    this.lastUsed.set(workspace.id, this.now());
    if (existsSync(path.join(workspace.root, '.git'))) return workspace;
    return this.serial(async () => {
      if (existsSync(path.join(workspace.root, '.git'))) return workspace;
      rmSync(workspace.root, { recursive: true, force: true });
      await git(this.clone, ['worktree', 'prune']);
      const known = await git(
        this.clone,
        ['rev-parse', '--verify', '--quiet', `refs/heads/${workspace.branch}`],
        { okCodes: [1] },
      );
      await git(
        this.clone,
        known.code === 0
          ? ['worktree', 'add', '--quiet', '--', workspace.root, workspace.branch]
          : [
              ...['worktree', 'add', '--quiet', '--track', '-b', workspace.branch],
              ...['--', workspace.root, `origin/${this.branch}`],
            ],
        { timeout: 120_000 },
      );
      return workspace;
    });
  }

  /** The clone's update that has not started yet, which later asks join. */
  private pendingUpdate: Promise<void> | undefined;

  /**
   * Brings the server's clone (where the team and the site's name are read) up to the published
   * branch, after someone published from a workspace. The publish fetched the branch into the
   * remote-tracking ref the clone and its worktrees share: nothing is fetched again. Asks made
   * while an update waits are that update (one for a whole queue of publishes).
   */
  updateClone(): Promise<void> {
    this.pendingUpdate ??= this.serial(async () => {
      this.pendingUpdate = undefined;
      await git(this.clone, ['merge', '--ff-only', '--quiet', `origin/${this.branch}`]);
    });
    return this.pendingUpdate;
  }

  /**
   * Fetches the published branch and brings the server's clone up to it: what was pushed from
   * outside the editor (a change of the team, of the settings) is read without waiting for a
   * publish from a workspace. The workspaces themselves are left as they are.
   */
  followRemote(): Promise<void> {
    return this.serial(async () => {
      const refspec = `+refs/heads/${this.branch}:refs/remotes/origin/${this.branch}`;
      await git(this.clone, ['fetch', '--quiet', 'origin', refspec], { timeout: 120_000 });
      await git(this.clone, ['merge', '--ff-only', '--quiet', `origin/${this.branch}`]);
    });
  }

  /** The clone whose object store and refs every workspace shares. */
  get sharedRoot(): string {
    return this.clone;
  }

  /**
   * Runs `work` in a worktree of its own on `commit` (the branch `reviewing/<name>`, tracking the
   * published branch), removed afterwards whatever happened: where a reviewer's approval merges,
   * checks and publishes a colleague's change without touching anyone's workspace. One left by a
   * server killed meanwhile is removed first.
   */
  async reviewDesk<T>(name: string, commit: string, work: (root: string) => Promise<T>) {
    const root = path.join(this.folder, 'reviewing', name);
    const branch = `reviewing/${name}`;
    const clear = async () => {
      await git(this.clone, ['worktree', 'remove', '--force', '--', root], { okCodes: [128] });
      rmSync(root, { recursive: true, force: true });
      await git(this.clone, ['worktree', 'prune']);
      await git(this.clone, ['branch', '-D', '--', branch], { okCodes: [1] });
    };
    await this.serial(async () => {
      await clear();
      await git(this.clone, ['worktree', 'add', '--quiet', '-b', branch, '--', root, commit], {
        timeout: 120_000,
      });
      await git(this.clone, ['branch', `--set-upstream-to=origin/${this.branch}`, branch]);
    });
    try {
      return await work(root);
    } finally {
      await this.serial(clear);
    }
  }

  /** Saved changes or commits the remote does not have: removing the workspace would lose them. */
  async holdsUnpublished(id: string): Promise<boolean> {
    const { root } = this.describe(id);
    const status = await git(root, ['status', '--porcelain', '--untracked-files=all']);
    if (status.stdout.trim()) return true;
    const ahead = await git(root, ['rev-list', '--count', `origin/${this.branch}..HEAD`]);
    return ahead.stdout.trim() !== '0';
  }

  /**
   * Removes the workspaces nobody used for `idleMs` that hold nothing unpublished (the worktree and
   * its branch); `keep` names those in use (an open editor). The ids removed.
   */
  async removeUnused(idleMs: number, keep: (id: string) => boolean = () => false) {
    const removed: string[] = [];
    for (const id of this.ids()) {
      const used = this.lastUsed.get(id) ?? 0;
      if (this.now() - used < idleMs || keep(id)) continue;
      const done = await this.serial(async () => {
        if (await this.holdsUnpublished(id)) return false;
        const { root, branch } = this.describe(id);
        await git(this.clone, ['worktree', 'remove', '--force', '--', root]);
        await git(this.clone, ['branch', '-D', '--', branch], { okCodes: [1] });
        this.lastUsed.delete(id);
        return true;
      });
      if (done) removed.push(id);
    }
    return removed;
  }

  /** Disk use of each workspace in bytes (its files; the objects are the clone's). */
  diskUse(): Record<string, number> {
    return Object.fromEntries(this.ids().map((id) => [id, diskUse(this.describe(id).root)]));
  }
}
