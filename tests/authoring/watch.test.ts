import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_UPDATE_EVENT } from '../../engine/dev-events.ts';
import { watchValidation } from '../../engine/watch-validation.ts';
import { codeFrame, overlayError, yamlPagesDevPlugin } from '../../engine/vite-plugin.ts';
import { FIXTURE_FILE, makeTestSite, type TestSite } from '../validator/test-site.ts';

let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());

const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('npm run validate -- --watch', () => {
  it('checks again on every save, and shows only the current problems', async () => {
    const output: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((text: unknown) => void output.push(String(text)));
    const stop = watchValidation(site.root, 'pretty');
    try {
      expect(output.join('\n')).toMatch(/0 errors, 0 warnings\./);
      output.length = 0;
      site.writeFixture(['href: /platform,', 'href: /platfrom,']);
      await waitFor(() => output.join('\n').includes('1 error'), 'the error after a save');
      expect(output.join('\n')).toContain(
        `${FIXTURE_FILE}:10:42  error  Link to "/platfrom" goes nowhere`,
      );
      output.length = 0;
      site.writeFixture();
      await waitFor(() => output.join('\n').includes('0 errors'), 'the all-clear after the fix');
      expect(output.join('\n')).not.toContain('/platfrom');
      expect(output.join('\n')).toContain(
        'Watching pages/, public/ and site.config.yaml (drafts included). Press Ctrl+C to stop.',
      );
    } finally {
      stop();
      log.mockRestore();
    }
  });
});

describe('the dev server plugin (npm run dev)', () => {
  /** The parts of a Vite dev server the plugin uses. */
  function fakeServer() {
    const watcher = Object.assign(new EventEmitter(), { add: vi.fn() });
    const ws = Object.assign(new EventEmitter(), { send: vi.fn() });
    const logger = { info: vi.fn(), error: vi.fn() };
    const httpServer = new EventEmitter();
    return {
      config: { root: site.root, logger },
      watcher,
      ws,
      httpServer,
      middlewares: { stack: [] },
    } as unknown as ViteDevServer & {
      watcher: typeof watcher;
      ws: typeof ws;
      httpServer: EventEmitter;
      config: { logger: typeof logger };
    };
  }

  it('checks the site as soon as the server listens: its problems are in the terminal before any page is asked for', async () => {
    const server = fakeServer();
    site.writeFixture(['  - type: highlights', '  - type: highlight']);
    try {
      (yamlPagesDevPlugin().configureServer as (server: ViteDevServer) => void)(server);
      expect(server.config.logger.error).not.toHaveBeenCalled();
      server.httpServer.emit('listening');
      await waitFor(
        () => server.config.logger.error.mock.calls.length > 0,
        'the problems in the terminal',
      );
      expect(server.config.logger.error.mock.calls[0]![0]).toContain(
        `${FIXTURE_FILE}:43:11  Unknown block type "highlight".`,
      );
    } finally {
      server.httpServer.emit('close');
      site.writeFixture();
    }
  });

  it('sends the validation errors to the browser overlay on save, reloads once the YAML is valid, then updates the page in place', async () => {
    const server = fakeServer();
    const plugin = yamlPagesDevPlugin();
    (plugin.configureServer as (server: ViteDevServer) => void)(server);
    // pages/ is watched by the plugin itself (engine/watch-folders.ts): the saves below reach it
    // without Vite's watcher.
    expect(server.watcher.add).toHaveBeenCalledWith(path.join(site.root, 'site.config.yaml'));

    site.writeFixture(['  - type: highlights', '  - type: highlight']);
    await waitFor(() => server.ws.send.mock.calls.length > 0, 'the overlay message');
    const payload = server.ws.send.mock.calls[0]![0] as {
      type: string;
      err: { message: string; loc: object; frame: string; plugin: string };
    };
    expect(payload.type).toBe('error');
    expect(payload.err.plugin).toBe('yaml-pages');
    expect(payload.err.loc).toEqual({
      file: path.join(site.root, FIXTURE_FILE),
      line: 43,
      column: 11,
    });
    expect(payload.err.message).toContain(
      `1 problem in the site's YAML. Fix and save: this message goes away by itself.\n\n${FIXTURE_FILE}:43:11  Unknown block type "highlight".\n    hint: Did you mean "highlights"?`,
    );
    expect(payload.err.frame).toContain('> 43 |   - type: highlight\n     |           ^');

    // A browser that connects while the problem is there sees it too.
    server.ws.send.mockClear();
    server.ws.emit('connection');
    await waitFor(() => server.ws.send.mock.calls.length > 0, 'the overlay on connection');
    expect((server.ws.send.mock.calls[0]![0] as { type: string }).type).toBe('error');

    server.ws.send.mockClear();
    site.writeFixture();
    await waitFor(() => server.ws.send.mock.calls.length > 0, 'the reload');
    expect(server.ws.send.mock.calls[0]![0]).toEqual({ type: 'full-reload', path: '*' });

    // With no overlay to clear, the page updates itself in place (renderer/client/live-update.ts).
    server.ws.send.mockClear();
    site.writeFixture([
      'title: Hotel Management Software for Independent Hotels',
      'title: Software for Independent Hotels',
    ]);
    await waitFor(() => server.ws.send.mock.calls.length > 0, 'the update');
    expect(server.ws.send.mock.calls[0]![0]).toEqual({ type: 'custom', event: PAGE_UPDATE_EVENT });

    // A file of public/ may be an image shown under the same URL: the page reloads.
    server.ws.send.mockClear();
    server.watcher.emit('change', path.join(site.root, 'public/logo.svg'));
    await waitFor(() => server.ws.send.mock.calls.length > 0, 'the reload after public/');
    expect(server.ws.send.mock.calls[0]![0]).toEqual({ type: 'full-reload', path: '*' });

    // Files that are not pages, config or public assets are left to Vite.
    server.ws.send.mockClear();
    server.watcher.emit('change', path.join(site.root, 'blocks/hero/Hero.tsx'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.ws.send).not.toHaveBeenCalled();
    server.httpServer.emit('close');
  });

  it('frames the first problem like a code frame', () => {
    expect(codeFrame('a: 1\nb: 2\nc: 3\nd: 4\n', 3, 4, 1)).toBe(
      '  2 | b: 2\n> 3 | c: 3\n    |    ^\n  4 | d: 4',
    );
    const err = overlayError(site.root, [
      {
        file: FIXTURE_FILE,
        line: 2,
        col: 1,
        severity: 'error',
        code: 'x',
        message: 'First.',
        hint: 'Fix it.',
      },
      {
        file: FIXTURE_FILE,
        line: 9,
        col: 3,
        severity: 'error',
        code: 'y',
        message: 'Second.',
        hint: 'Fix that.',
      },
    ]);
    expect(err.message).toBe(
      `2 problems in the site's YAML. Fix and save: this message goes away by itself.\n\n${FIXTURE_FILE}:2:1  First.\n    hint: Fix it.\n\n${FIXTURE_FILE}:9:3  Second.\n    hint: Fix that.`,
    );
  });
});
