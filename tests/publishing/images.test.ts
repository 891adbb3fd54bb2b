import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { publish } from '../../editor/git/publish.ts';
import { startEditorServer, type EditorServer } from '../../editor/server/server.ts';
import { alice, makeTeam, ready, request, type Team } from './git-fixture.ts';

let team: Team | undefined;
let server: EditorServer | undefined;
afterEach(async () => {
  await server?.close();
  team?.cleanup();
});

/** What an author's browser sends: the file's bytes, with the session token. */
async function upload(name: string, bytes: Buffer) {
  const response = await fetch(`${server!.origin}/api/images?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'x-editor-token': server!.token, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('an image added in the editor is published like any author file', () => {
  it('listed in Changes with its size, then sent to the remote byte for byte', async () => {
    team = makeTeam({ code: false });
    const a = team.clone('alice');
    server = await startEditorServer({
      root: a.root,
      port: 0,
      token: 'publish-images-0123',
      watch: false,
    });
    const photo = await sharp({
      create: { width: 800, height: 450, channels: 3, background: '#468' },
    })
      .jpeg()
      .toBuffer();
    const added = await upload('Lobby.jpg', photo);
    expect(added).toMatchObject({ status: 201, body: { file: 'public/images/lobby.jpg' } });
    const stored = readFileSync(path.join(a.root, 'public/images/lobby.jpg'));

    const changes = (await (
      await fetch(`${server.origin}/api/publish/changes`, {
        headers: { 'x-editor-token': server.token },
      })
    ).json()) as { files: Array<{ file: string; summary: string }> };
    const kb = Math.round(stored.length / 1000);
    expect(changes.files).toContainEqual(
      expect.objectContaining({
        file: 'public/images/lobby.jpg',
        summary: `Image lobby.jpg added (${kb} KB)`,
      }),
    );

    // The site's check is not what this is about (tests/publishing/publish.test.ts has it).
    const result = await publish(a.root, await ready(a), {
      ...request(a, alice, 'Add the lobby photo'),
      check: () => [],
    });
    expect(result.status).toBe('published');
    const remoteBytes = execFileSync('git', ['cat-file', 'blob', 'main:public/images/lobby.jpg'], {
      cwd: team.remote,
    });
    expect(remoteBytes.equals(stored)).toBe(true);
  }, 60_000);
});
