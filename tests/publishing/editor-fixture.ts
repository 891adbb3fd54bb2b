import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { startEditorServer, type EditorServer } from '../../editor/server/server.ts';
import { makeTeam, type Team } from './git-fixture.ts';
import { ChildEditor, installGitWrapper } from './hostile-fixture.ts';

/**
 * What a test of the editor's publishing API holds: a team (remote and clones), the author's
 * editor in this process or as a child process (whose git can be killed at a chosen command), all
 * stopped and removed after each test.
 */
export function publishingSession() {
  const scratch: string[] = [];
  const session = {
    team: undefined as Team | undefined,
    server: undefined as EditorServer | undefined,
    child: undefined as ChildEditor | undefined,
    makeTeam(options?: { code?: boolean }): Team {
      return (session.team = makeTeam(options));
    },
    /** The editor of `root` in this process (no file watching). */
    async serve(root: string): Promise<EditorServer> {
      return (session.server = await startEditorServer({ root, watch: false }));
    },
    /** The editor of `root` as a child process with a `git` on its PATH that can kill it. */
    childEditor(root: string): ChildEditor {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'git-wrapper-'));
      scratch.push(dir);
      return (session.child = new ChildEditor(root, installGitWrapper(dir)));
    },
  };
  afterEach(async () => {
    await session.server?.close();
    session.server = undefined;
    await session.child?.stop();
    session.child = undefined;
    session.team?.cleanup();
    session.team = undefined;
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return session;
}
