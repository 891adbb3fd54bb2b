import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../engine/load-site.ts';
import type {
  BlocksResponse,
  CheckResponse,
  ConflictResponse,
  EditorEvent,
  FileResponse,
  PageLanguagesResponse,
  PagesResponse,
  SaveResponse,
  SiteResponse,
} from '../shared/api.ts';
import { insertItem, moveItem } from '../document/index.ts';
import { startEditorServer, type EditorServer } from './server.ts';

/** Real HTTP requests against a running editor on a throw-away copy of the site. */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let root: string;
let outside: string;
let server: EditorServer;

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, read field by field by the assertions
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/** node:http rather than fetch: fetch does not let a test set Host or Origin. */
function call(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown; token?: string | false } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== false) headers['x-editor-token'] = options.token ?? server.token;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method, path: url, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // HTML or text
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A request whose body is sent as it is (not JSON-encoded by the test). */
function rawCall(
  method: string,
  url: string,
  body: string,
): Promise<{ status: number; text: string; body: Answer['body'] }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: url,
        headers: { 'x-editor-token': server.token, 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const disk = (file: string) => readFileSync(path.join(root, file), 'utf8');

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'editor-server-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'editor-outside-'));
  for (const entry of ['pages', 'public', 'site.config.yaml'])
    cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{}\n');
  writeFileSync(path.join(outside, 'secret.yaml'), 'title: secret\n');
  symlinkSync(path.join(outside, 'secret.yaml'), path.join(root, 'pages', 'linked.yaml'));
  symlinkSync(outside, path.join(root, 'pages', 'linked-folder'));
  symlinkSync(outside, path.join(root, 'public', 'linked-folder'));
  server = await startEditorServer({ root, port: 0, token: 'test-token-0123456789' });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('who may talk to the editor', () => {
  it('listens on 127.0.0.1 by default and prints a URL with the token', () => {
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=test-token-0123456789`);
  });

  it('refuses a Host that is not its own (DNS rebinding), even with the token', async () => {
    const answer = await call('GET', '/api/pages', {
      headers: { host: `attacker.example:${server.port}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('bad-host');
    expect(answer.body.error.message).toContain('attacker.example');
    expect(
      (await call('GET', '/api/pages', { headers: { host: `localhost:${server.port}` } })).status,
    ).toBe(200);
  });

  it('refuses a request from another origin (cross-site), and nothing is written', async () => {
    const before = disk('pages/solutions/hotels.yaml');
    const { body: file } = await call('GET', '/api/file?path=pages/solutions/hotels.yaml');
    const answer = await call('PUT', '/api/file', {
      headers: { origin: 'http://evil.example' },
      body: {
        path: 'pages/solutions/hotels.yaml',
        text: 'title: pwned\n',
        baseVersion: file.version,
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('bad-origin');
    expect(
      (await call('GET', '/api/pages', { headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    // Another port on the same machine is "same-site" for a browser, and just as foreign.
    expect(
      (
        await call('GET', '/preview/no-such-page', {
          headers: {
            'sec-fetch-site': 'same-site',
            cookie: 'editor_session=test-token-0123456789',
          },
          token: false,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('GET', '/api/pages', { headers: { origin: 'http://127.0.0.1:1' } })).status,
    ).toBe(403);
    expect(disk('pages/solutions/hotels.yaml')).toBe(before);
    expect((await call('GET', '/api/pages', { headers: { origin: server.origin } })).status).toBe(
      200,
    );
  });

  it('requires the session token on every /api request; a cookie alone is not enough for the API', async () => {
    for (const token of [false, 'wrong-token', 'test-token-012345678'] as const) {
      const answer = await call('GET', '/api/pages', { token });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('bad-token');
    }
    expect(
      (
        await call('GET', '/api/pages', {
          token: false,
          headers: { cookie: 'editor_session=test-token-0123456789' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await call('GET', '/api/pages?token=test-token-0123456789', { token: false })).status,
    ).toBe(200);
    const put = await call('PUT', '/api/file', {
      token: false,
      body: { path: 'pages/solutions/hotels.yaml', text: 'x: 1\n', baseVersion: 'x' },
    });
    expect(put.status).toBe(401);
  });

  it('answers a browser opening an address without its key with a page in words, not JSON', async () => {
    for (const path of ['/', '/?token=an-old-token', '/preview/?draft=pages/index.yaml']) {
      const answer = await call('GET', path, {
        token: false,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(answer.status).toBe(401);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      const html = String(answer.body);
      expect(html).toContain('<h1>Open the editor from its address</h1>');
      expect(html).toContain('the address it printed when it started');
      expect(html).not.toContain('bad-token');
      expect(html).not.toContain('npm');
    }
  });

  it('takes a session cookie that is not URI-encoded for no session (401), not a failure', async () => {
    // Found by the fuzz test (tests/security/editor.property.test.ts): decoding it threw, and the
    // answer was a 500.
    const answer = await call('GET', '/', {
      headers: { cookie: 'editor_session=%' },
      token: false,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('bad-token');
  });

  it('reads an address that starts with // as a path (it was taken for a host name and gave a 500)', async () => {
    // Found by the fuzz test with seed 99: GET //%2 threw in new URL().
    for (const address of ['//%2', '//evil.example/api/pages', '//'])
      expect((await call('GET', address)).status, address).toBe(404);
    expect((await call('GET', '//api/pages')).status).toBe(404);
  });

  it('the app and the preview take the token once and then a SameSite=Strict, HttpOnly session cookie', async () => {
    // A preview of a route that does not exist: answered without starting Vite (the preview test
    // covers rendering).
    const first = await call('GET', '/preview/no-such-page?token=test-token-0123456789', {
      token: false,
    });
    expect(first.status).toBe(404);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^editor_session=test-token-0123456789; HttpOnly; SameSite=Strict; Path=\//,
    );
    expect(
      (
        await call('GET', '/preview/no-such-page', {
          token: false,
          headers: { cookie: 'editor_session=test-token-0123456789' },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', '/preview/no-such-page', { token: false })).status).toBe(401);
  });

  it('serves its app built: one script and one stylesheet, React production, behind the session', async () => {
    const sessionCookie = 'editor_session=test-token-0123456789';
    const page = await call('GET', '/', { token: false, headers: { cookie: sessionCookie } });
    expect(page.status).toBe(200);
    const script = /<script type="module" crossorigin src="(\/app-assets\/[\w-]+\.js)">/.exec(
      String(page.body),
    )?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/app-assets\/[\w-]+\.css)">/.exec(
      String(page.body),
    )?.[1];
    expect(script && style).toBeTruthy();
    const code = await call('GET', script!, { token: false, headers: { cookie: sessionCookie } });
    expect(code.status).toBe(200);
    expect(code.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(code.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // Only React's development build warns about list items without a key.
    expect(String(code.body)).not.toContain('Each child in a list should have a unique');
    expect(String(code.body).length).toBeGreaterThan(100_000);
    const css = await call('GET', style!, { token: false, headers: { cookie: sessionCookie } });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(String(css.body)).toContain('.mantine-');
    expect((await call('GET', script!, { token: false })).status).toBe(401);
  }, 90_000); // the app is built on the first request: seconds, more on a busy machine
});

describe('what the editor may write', () => {
  const refused = async (file: string, code: string) => {
    const read = await call('GET', `/api/file?path=${encodeURIComponent(file)}`);
    expect(read.status, file).toBe(403);
    expect(read.body.error.code, file).toBe(code);
    const write = await call('PUT', '/api/file', {
      body: { path: file, text: 'title: x\n', baseVersion: null },
    });
    expect(write.status, file).toBe(403);
    expect(write.body.error.code, file).toBe(code);
    return write.body.error;
  };

  it('refuses path traversal, with a message that says why', async () => {
    const error = await refused('pages/../package.json', 'path-traversal');
    expect(error.message).toBe(
      '"pages/../package.json" contains "..": the editor never leaves the project folder.',
    );
    await refused('pages/solutions/../../../etc/passwd', 'path-traversal');
    await refused('public/..\\site.config.yaml', 'path-traversal');
    expect(readFileSync(path.join(root, 'package.json'), 'utf8')).toBe('{}\n');
  });

  it('refuses absolute paths', async () => {
    const error = await refused('/etc/passwd', 'absolute-path');
    expect(error.message).toContain('absolute path');
    await refused(path.join(root, 'pages/index.yaml'), 'absolute-path');
  });

  it('refuses files outside pages/, site.config.yaml and public/', async () => {
    const error = await refused('package.json', 'not-writable');
    expect(error.message).toBe(
      'The editor does not read or write "package.json": only pages/*.yaml, site.config.yaml and files in public/.',
    );
    await refused('blocks/hero/Hero.tsx', 'not-writable');
    await refused('pages/notes.txt', 'not-writable');
  });

  it('refuses symlinks that lead out of the project (a file, or a folder on the way)', async () => {
    const error = await refused('pages/linked.yaml', 'symlink-outside');
    expect(error.message).toContain('symbolic link');
    await refused('pages/linked-folder/new.yaml', 'symlink-outside');
    await refused('public/linked-folder/x.svg', 'symlink-outside');
    const created = await call('POST', '/api/pages', {
      body: { route: '/linked-folder/page', template: 'solution' },
    });
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe('symlink-outside');
    expect(readFileSync(path.join(outside, 'secret.yaml'), 'utf8')).toBe('title: secret\n');
    expect(existsSync(path.join(outside, 'new.yaml'))).toBe(false);
    expect(existsSync(path.join(outside, 'page.yaml'))).toBe(false);
  });

  it('answers a file name too long for the disk with a 400 of its own, never a path or a stack', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const file = `pages/${'a'.repeat(1750)}.yaml`;
      for (const answer of [
        await call('PUT', '/api/file', {
          body: { path: file, text: 'title: x\n', baseVersion: null },
        }),
        await call('GET', `/api/file?path=${file}`),
        await call('POST', '/api/check', { body: { path: file, text: 'title: x\n' } }),
        await call('DELETE', `/api/file?path=${file}`),
        await call('POST', '/api/pages', { body: { route: `/${'a'.repeat(1750)}` } }),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.body.error.code).toBe('name-too-long');
        expect(JSON.stringify(answer.body)).not.toContain(root);
        expect(JSON.stringify(answer.body)).not.toContain(os.tmpdir());
      }
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('answers a write the disk refuses (a folder has that name) with its reason, never a path', async () => {
    mkdirSync(path.join(root, 'pages/folder.yaml'));
    const answer = await call('PUT', '/api/file', {
      body: { path: 'pages/folder.yaml', text: 'title: x\n', baseVersion: null },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: 'cannot-write',
      message:
        '"pages/folder.yaml" could not be written: a folder has that name. Nothing was changed.',
    });
    expect(
      readdirSync(path.join(root, 'pages')).filter((name) => name.includes('editor-tmp')),
    ).toEqual([]);
    rmSync(path.join(root, 'pages/folder.yaml'), { recursive: true });
  });

  it('answers every body it cannot use with a 4xx and a short message of its own', async () => {
    const routes = [
      ['POST', '/api/check'],
      ['PUT', '/api/file'],
      ['POST', '/api/pages'],
    ] as const;
    const bodies: Array<[string, number, string]> = [
      ['', 400, 'bad-request'],
      ['{"path": "pages/index.yaml", "te', 400, 'bad-request'],
      ['not json', 400, 'bad-request'],
      ['[]', 400, 'bad-request'],
      ['null', 400, 'bad-request'],
      ['"text"', 400, 'bad-request'],
      ['{"path": 5, "text": [], "route": {}, "baseVersion": 1}', 400, ''],
      [`{"text": "${'x'.repeat(10 * 1024 * 1024)}"}`, 413, 'body-too-large'],
    ];
    for (const [method, url] of routes)
      for (const [body, status, code] of bodies) {
        const answer = await rawCall(method, url, body);
        const label = `${method} ${url} ${body.slice(0, 40)}`;
        expect(answer.status, label).toBe(status);
        if (code) expect(answer.body.error.code, label).toBe(code);
        expect(answer.text.length, label).toBeLessThan(400);
        expect(answer.text, label).not.toContain(root);
      }
  });

  it('writes pages, the config and files in public/', async () => {
    for (const file of [
      'pages/solutions/resorts-draft.yaml',
      'site.config.yaml',
      'public/images/editor-test.svg',
    ]) {
      const version = existsSync(path.join(root, file))
        ? (await call('GET', `/api/file?path=${file}`)).body.version
        : null;
      const text =
        file === 'site.config.yaml'
          ? disk(file) + '# saved by the editor\n'
          : file.endsWith('.svg')
            ? '<svg xmlns="http://www.w3.org/2000/svg"/>\n'
            : 'title: Draft\n';
      const answer = await call('PUT', '/api/file', {
        body: { path: file, text, baseVersion: version },
      });
      expect(answer.status, file).toBe(200);
      expect(disk(file)).toBe(text);
    }
    rmSync(path.join(root, 'pages/solutions/resorts-draft.yaml'));
    server.site.refresh('pages/solutions/resorts-draft.yaml', undefined);
  });
});

describe('the API of editor/shared/api.ts', () => {
  it('lists every page with its problems', async () => {
    const { body } = (await call('GET', '/api/pages')) as { body: PagesResponse };
    const hotels = body.pages.find((page) => page.file === 'pages/solutions/hotels.yaml');
    expect(hotels).toEqual({
      file: 'pages/solutions/hotels.yaml',
      route: '/solutions/hotels',
      title: 'Hotel Management Software for Independent Hotels',
      draft: false,
      errors: 0,
      warnings: 0,
      translations: [
        {
          code: 'de',
          label: 'Deutsch',
          state: 'translated',
          file: 'pages/de/solutions/hotels.yaml',
          stale: 0,
          partial: 0,
        },
        { code: 'ar', label: 'العربية', state: 'untranslated', stale: 0, partial: 0 },
      ],
    });
    expect(body.pages.find((page) => page.file === 'pages/404.yaml')?.route).toBeNull();
    // A symbolic link is not a page file (the validator does not list it either).
    expect(body.pages.find((page) => page.file === 'pages/linked.yaml')).toBeUndefined();
  });

  it('checks unsaved text with the validator: same words as the CLI, with the field path, in the context of the site', async () => {
    const text = disk('pages/solutions/hotels.yaml')
      .replace('href: /platform', 'href: /platfrom')
      .replace(
        '    badge: For Independent Hotels\n',
        '    badge: For Independent Hotels\n    titel: Oops\n',
      );
    const { body } = (await call('POST', '/api/check', {
      body: { path: 'pages/solutions/hotels.yaml', text },
    })) as { body: CheckResponse };
    // What `npm run validate` says about the same text, saved in a copy of the site: the same list,
    // word for word.
    const copy = mkdtempSync(path.join(os.tmpdir(), 'editor-cli-'));
    for (const entry of ['pages', 'public', 'site.config.yaml'])
      cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
    writeFileSync(path.join(copy, 'pages/solutions/hotels.yaml'), text);
    const cli = loadSite({ root: copy }).diagnostics.filter(
      (d) => d.file === 'pages/solutions/hotels.yaml',
    );
    rmSync(copy, { recursive: true, force: true });
    // The same problems; the editor words them for its form where the catalogue has a form's
    // wording.
    expect(body.diagnostics.map(({ path: _path, ...rest }) => rest)).toEqual(
      cli.map(({ path: _path, form, ...rest }) =>
        form ? { ...rest, message: form.message ?? rest.message, hint: form.hint } : rest,
      ),
    );
    expect(cli.length).toBe(2);
    const link = body.diagnostics.find((d) => d.code === 'broken-link')!;
    expect(link.message).toBe(
      'Link to "/platfrom" goes nowhere: the site has no page at that address.',
    );
    expect(link.path).toEqual(['blocks', 0, 'actions', 1, 'href']);
    const typo = body.diagnostics.find((d) => d.code === 'unknown-field')!;
    expect(typo.path).toEqual(['blocks', 0, 'titel']);
    expect(typo.line).toBe(6);
    expect(body.draftRevision).toBeGreaterThan(0);
    // Nothing was written: checking is not saving.
    expect(disk('pages/solutions/hotels.yaml')).not.toContain('titel');
  });

  it("words problems for its form: an empty title says nothing of colons or lines, as the CLI's words do", async () => {
    const text = disk('pages/solutions/hotels.yaml').replace(/^title: .*$/m, 'title: ""');
    const { body } = (await call('POST', '/api/check', {
      body: { path: 'pages/solutions/hotels.yaml', text },
    })) as { body: CheckResponse };
    const empty = body.diagnostics.find((d) => d.code === 'empty-text')!;
    expect(empty.message).toBe('This field is empty.');
    expect(empty.hint).toBe('Write the text in this field.');
    expect(empty.path).toEqual(['title']);
    expect('form' in empty).toBe(false);
  });

  it('saves with conflict detection: a file changed on disk is never overwritten, and its text comes back', async () => {
    const file = 'pages/solutions/hostels.yaml';
    const { body: opened } = (await call('GET', `/api/file?path=${file}`)) as {
      body: FileResponse;
    };
    const mine = opened.text.replace(/^title: .*$/m, 'title: Mine');
    const saved = (await call('PUT', '/api/file', {
      body: { path: file, text: mine, baseVersion: opened.version },
    })) as { status: number; body: SaveResponse };
    expect(saved.status).toBe(200);
    expect(disk(file)).toBe(mine);
    const theirs = mine.replace('title: Mine', 'title: Theirs');
    writeFileSync(path.join(root, file), theirs);
    const again = (await call('PUT', '/api/file', {
      body: {
        path: file,
        text: mine.replace('title: Mine', 'title: Mine again'),
        baseVersion: saved.body.version,
      },
    })) as {
      status: number;
      body: ConflictResponse;
    };
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('changed-on-disk');
    expect(again.body.diskText).toBe(theirs);
    expect(disk(file)).toBe(theirs);
    const resolved = await call('PUT', '/api/file', {
      body: { path: file, text: mine, baseVersion: again.body.version },
    });
    expect(resolved.status).toBe(200);
    expect(disk(file)).toBe(mine);
  });

  it('saves an invalid page (work in progress is never lost) and reports its problems', async () => {
    const file = 'pages/solutions/chains.yaml';
    const { body: opened } = await call('GET', `/api/file?path=${file}`);
    const broken = opened.text.replace('- type: hero\n', '- type: heroo\n');
    expect(broken).not.toBe(opened.text);
    const saved = await call('PUT', '/api/file', {
      body: { path: file, text: broken, baseVersion: opened.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.diagnostics.map((d: { code: string }) => d.code)).toContain(
      'unknown-block-type',
    );
    expect(
      loadSite({ root }).diagnostics.some(
        (d) => d.file === file && d.code === 'unknown-block-type',
      ),
    ).toBe(true);
    await call('PUT', '/api/file', {
      body: { path: file, text: opened.text, baseVersion: saved.body.version },
    });
  });

  it('creates a page from the new-page templates (breadcrumbs filled) and deletes it', async () => {
    const bad = await call('POST', '/api/pages', { body: { route: '/Solutions/Resorts!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad-route');
    const taken = await call('POST', '/api/pages', { body: { route: '/solutions/hotels' } });
    expect(taken.body.error.message).toBe(
      'The route /solutions/hotels already exists: pages/solutions/hotels.yaml.',
    );
    const created = await call('POST', '/api/pages', {
      body: { route: '/solutions/resorts', title: 'Staylix for Resorts' },
    });
    expect(created.status).toBe(200);
    expect(created.body.path).toBe('pages/solutions/resorts.yaml');
    expect(disk('pages/solutions/resorts.yaml')).toContain(
      '- { label: Solutions, href: /solutions }',
    );
    expect(disk('pages/solutions/resorts.yaml')).toContain('draft: true');
    const deleted = await call('DELETE', '/api/file?path=pages/solutions/resorts.yaml');
    expect(deleted.body).toEqual({ deleted: 'pages/solutions/resorts.yaml' });
    expect(existsSync(path.join(root, 'pages/solutions/resorts.yaml'))).toBe(false);
    expect((await call('DELETE', '/api/file?path=site.config.yaml')).body.error.code).toBe(
      'not-a-page',
    );
  });

  it('lists each page’s translation status per language, and starts a translation from its source', async () => {
    type Row = {
      file: string;
      translations?: Array<{ code: string; state: string; file?: string }>;
    };
    const rows = async () => (await call('GET', '/api/pages')).body.pages as Row[];
    const of = async (file: string) =>
      (await rows())
        .find((row) => row.file === file)
        ?.translations?.map((t) => `${t.code} ${t.state}`);
    expect(await of('pages/pricing.yaml')).toEqual(['de translated', 'ar translated']);
    expect(await of('pages/index.yaml')).toEqual(['de translated', 'ar partial']);
    expect(await of('pages/solutions/hotels.yaml')).toEqual(['de translated', 'ar untranslated']);
    // A translation is not a source: it has no status of its own.
    expect(await of('pages/de/pricing.yaml')).toBeUndefined();
    const created = await call('POST', '/api/translations', {
      body: { code: 'ar', route: '/solutions/hotels' },
    });
    expect(created.status).toBe(200);
    expect(created.body.path).toBe('pages/ar/solutions/hotels.yaml');
    expect(disk('pages/ar/solutions/hotels.yaml')).toContain(
      'translatedFrom:\n  title: Hotel Management Software for Independent Hotels',
    );
    expect(await of('pages/solutions/hotels.yaml')).toEqual(['de translated', 'ar translated']);
    const again = await call('POST', '/api/translations', {
      body: { code: 'ar', route: '/solutions/hotels' },
    });
    expect(again.status).toBe(400);
    // A route that climbs out of pages/ names no page: refused before anything is read or written.
    const out = await call('POST', '/api/translations', {
      body: { code: 'ar', route: '/../site.config' },
    });
    expect(out.status).toBe(400);
    expect(out.body.error.code).toBe('bad-route');
    expect(existsSync(path.join(root, 'pages/site.config.yaml'))).toBe(false);
    expect((await call('DELETE', '/api/file?path=pages/ar/solutions/hotels.yaml')).status).toBe(
      200,
    );
  });

  it('checks a translation against its source as npm run validate does, and gives its languages', async () => {
    const source = disk('pages/pricing.yaml');
    const german = disk('pages/de/pricing.yaml');
    const changed = source.replace(
      '    title: Outcome-based pricing that grows with you\n',
      '    title: Pricing that grows with your hotel\n',
    );
    expect(changed).not.toBe(source);
    const saved = await call('PUT', '/api/file', {
      body: {
        path: 'pages/pricing.yaml',
        text: changed,
        baseVersion: (await call('GET', '/api/file?path=pages/pricing.yaml')).body.version,
      },
    });
    expect(saved.status).toBe(200);
    try {
      const { body } = (await call('POST', '/api/check', {
        body: { path: 'pages/de/pricing.yaml', text: german },
      })) as { body: CheckResponse };
      const stale = body.diagnostics.filter((d) => d.code === 'translation-stale');
      expect(stale).toEqual([
        expect.objectContaining({
          file: 'pages/de/pricing.yaml',
          line: 6,
          col: 12,
          severity: 'warning',
          path: ['blocks', 0, 'title'],
          message:
            "Hero › Title changed in the source since this translation was made (was: 'Outcome-based pricing that grows with you', now: 'Pricing that grows with your hotel').",
          hint: 'Update the translation, then mark the field as reviewed.',
        }),
      ]);
      // The same finding as the validator's (worded for a file there), and the page list counts it.
      const site = loadSite({ root });
      expect(
        site.diagnostics
          .filter((d) => d.file === 'pages/de/pricing.yaml' && d.code === 'translation-stale')
          .map((d) => [d.line, d.col, d.code]),
      ).toEqual(stale.map((d) => [d.line, d.col, d.code]));
      const rows = (await call('GET', '/api/pages')).body as PagesResponse;
      expect(rows.pages.find((p) => p.file === 'pages/pricing.yaml')?.translations?.[0]).toEqual(
        expect.objectContaining({ code: 'de', state: 'stale', stale: 1 }),
      );
      const languages = (await call('GET', '/api/languages?path=pages/de/pricing.yaml'))
        .body as PageLanguagesResponse;
      expect(languages).toEqual(
        expect.objectContaining({
          code: 'de',
          sourceRoute: '/pricing',
          sourceFile: 'pages/pricing.yaml',
          sourceText: changed,
        }),
      );
      expect(languages.languages.map((l) => [l.code, l.label, l.dir, l.state, l.file])).toEqual([
        ['en', 'English', 'ltr', 'source', 'pages/pricing.yaml'],
        ['de', 'Deutsch', 'ltr', 'stale', 'pages/de/pricing.yaml'],
        ['ar', 'العربية', 'rtl', 'stale', 'pages/ar/pricing.yaml'],
      ]);
      // A page with no translation that is none has no language switch.
      expect((await call('GET', '/api/languages?path=pages/platform.yaml')).body).toEqual({
        languages: [],
      });
    } finally {
      writeFileSync(path.join(root, 'pages/pricing.yaml'), source);
    }
  });

  it('a block moved and one added on an English page: each translation follows in the same save', async () => {
    const files = ['pages/solutions/hotels.yaml', 'pages/de/solutions/hotels.yaml'];
    const before = files.map(disk);
    let text = moveItem(before[0]!, ['blocks'], 4, 2);
    text = insertItem(text, ['blocks'], 1, {
      type: 'faq',
      heading: 'Questions',
      items: [{ question: 'Is setup free?', answer: 'Yes.' }],
    });
    try {
      const saved = (await call('PUT', '/api/file', {
        body: {
          path: files[0],
          text,
          baseVersion: (await call('GET', `/api/file?path=${files[0]}`)).body.version,
        },
      })) as { status: number; body: SaveResponse };
      expect(saved.status).toBe(200);
      expect(saved.body.translations).toEqual([files[1]]);
      const german = disk(files[1]!);
      expect(german).toContain('  - type: faq\n    untranslated: true\n');
      // The German page checks clean in the editor and in the validator: nothing stale, no error.
      const { body } = (await call('POST', '/api/check', {
        body: { path: files[1], text: german },
      })) as { body: CheckResponse };
      expect(body.diagnostics).toEqual([]);
      expect(loadSite({ root }).diagnostics.filter((d) => files.includes(d.file))).toEqual([]);
    } finally {
      files.forEach((file, i) => writeFileSync(path.join(root, file), before[i]!));
    }
  });

  it('gives blocks with their examples, and routes, anchors, images and icons for the pickers', async () => {
    const { body: blocks } = (await call('GET', '/api/blocks')) as { body: BlocksResponse };
    expect(blocks.blocks.find((block) => block.type === 'faq')?.exampleText).toBe(
      readFileSync(path.join(projectRoot, 'blocks/faq/example.yaml'), 'utf8'),
    );
    const { body: site } = (await call('GET', '/api/site')) as { body: SiteResponse };
    expect(site.routes.find((route) => route.route === '/pricing')?.anchors).toContain('plans');
    expect(site.images).toContain('/logo.svg');
    expect(site.icons).toContain('calendar');
  });

  it('tells open editors when a file changes on disk (Server-Sent Events)', async () => {
    const events: EditorEvent[] = [];
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      path: `/api/events?token=${server.token}`,
    });
    const isOurs = (event: EditorEvent) =>
      event.type === 'file-changed' && event.path === 'pages/solutions/hostels.yaml';
    let written = false;
    const got = new Promise<void>((resolve) => {
      req.on('response', (res) => {
        res.on('data', (chunk: Buffer) => {
          for (const line of chunk.toString('utf8').split('\n'))
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as EditorEvent);
          if (written && events.some(isOurs)) resolve();
          if (!written && events.some((event) => event.type === 'hello')) {
            written = true;
            writeFileSync(
              path.join(root, 'pages/solutions/hostels.yaml'),
              disk('pages/solutions/hostels.yaml') + '# changed by git pull\n',
            );
          }
        });
      });
    });
    req.end();
    await got;
    req.destroy();
    const change = events.findLast(isOurs);
    expect(change).toMatchObject({ type: 'file-changed', path: 'pages/solutions/hostels.yaml' });
    expect((await call('GET', '/api/file?path=pages/solutions/hostels.yaml')).body.version).toBe(
      (change as { version: string }).version,
    );
  });
});
