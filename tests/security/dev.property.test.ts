import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodies,
  exchange,
  hostPaths,
  problemsOf,
  requests,
  ServerProcess,
  startProcess,
  targets,
  type RawRequest,
  wholeRequest,
  withPlaceholders,
} from '../helpers/http-fuzz.ts';
import { propertyParameters, propertyRuns } from '../helpers/properties.ts';

/**
 * `npm run dev` against hostile requests: a 4xx (or a 500 with a short text, where Vite itself
 * failed), no stack trace or path of this machine in a body, and the next page is rendered by the
 * same process. A page's own HTML names Vike's client entry by its `/@fs/` address (how Vite serves
 * a file by its absolute path): that address is the dev server's design, not a leak, and is the one
 * path allowed.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let server: ServerProcess;

beforeAll(async () => {
  server = new ServerProcess(() =>
    startProcess(
      [path.join(projectRoot, 'node_modules/vike/bin.js'), 'dev', '--port', '0'],
      /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/,
      { cwd: projectRoot, timeoutMs: 90_000 },
    ),
  );
  await server.ensureRunning();
  // The first page loads the renderer: a request after it is what the property measures.
  expect((await exchange(server.port, page('/'), 60_000)).status).toBe(200);
}, 120_000);

afterAll(() => server?.stop());

function page(target: string): RawRequest {
  return wholeRequest(target, [
    ['Host', `127.0.0.1:${server.port}`],
    ['Connection', 'close'],
  ]);
}

const FAILED = /^The dev server failed to answer this request/;
const viteAddresses = new RegExp(`/@fs${projectRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`, 'g');

async function check(request: RawRequest) {
  await server.ensureRunning();
  const sent = withPlaceholders(request, { port: String(server.port) });
  const answer = await exchange(server.port, sent, 30_000);
  expect(
    problemsOf(sent, answer, {
      paths: hostPaths(projectRoot),
      allowed5xx: [500, 504],
      pagePaths: (body) => body.replace(viteAddresses, '/@fs/<project>/'),
    }),
  ).toEqual([]);
  if (answer.status === 500 && sent.method !== 'HEAD') expect(answer.body).toMatch(FAILED);
  const next = await exchange(server.port, page('/pricing'), 30_000);
  expect(next.status, server.output).toBe(200);
  expect(server.alive).toBe(true);
}

describe('npm run dev under fuzzed requests', () => {
  it(
    'answers every request without a stack or a path, and keeps rendering pages',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          requests({
            host: '127.0.0.1:{port}',
            targets: targets(
              [
                'pricing',
                'solutions',
                'hotels',
                '_blocks',
                '@vite',
                'client',
                '@fs',
                '@id',
                'node_modules',
                '.vite',
                'renderer',
                'blocks',
                'pages',
                'index.yaml',
                'site.config.yaml',
                'package.json',
                '__vite_ping',
              ],
              [
                fc.constantFrom(
                  'import',
                  'raw',
                  'url',
                  'direct',
                  'html-proxy&index=0.js',
                  'worker',
                  'import&raw',
                ),
              ],
            ),
            bodies: bodies(),
          }),
          check,
        ),
        {
          ...propertyParameters(20),
          // Counterexamples found by longer runs, tried first on every run.
          examples: [
            // Seed 99: HEAD of a module that fails is a 500 without a body (HEAD has none), which
            // is right.
            [
              {
                method: 'HEAD',
                target: '/?html-proxy&index=0.js',
                headers: [
                  ['Host', '127.0.0.1:{port}'],
                  ['Content-Length', '5'],
                ],
                body: Buffer.from('false'),
                behaviour: { kind: 'whole' },
              },
            ],
          ],
        },
      );
      expect(server.ended).toEqual([]);
    },
    Math.max(60_000, propertyRuns(20) * 2_000),
  );
});

describe('npm run dev: requests the fuzz test found or that once leaked', () => {
  const ask = (target: string, headers: Array<[string, string]> = []) =>
    exchange(server.port, {
      ...page(target),
      headers: [
        ...(headers.length ? headers : [['Host', `127.0.0.1:${server.port}`] as [string, string]]),
        ['Connection', 'close'],
      ],
    });

  it('refuses an address that cannot be decoded with 400', async () => {
    for (const target of ['/%', '/%E0%A4%A', '/a%00b', '/pricing%'])
      expect(await ask(target), target).toMatchObject({ status: 400 });
  });

  it('answers a Host that is not its own with a short 403 (it echoed 2,000 bytes of the Host)', async () => {
    const answer = await ask('/?import', [['Host', 'a'.repeat(2_000)]]);
    expect(answer.status).toBe(403);
    expect(answer.body.length).toBeLessThan(200);
  });

  it('refuses a file outside the project without listing the folders it serves', async () => {
    const answer = await ask('/@fs/etc/passwd');
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain(projectRoot);
  });

  it('answers a module that fails to load with a short 500: no stack, no path', async () => {
    const answer = await ask('/pages/index.yaml?import');
    expect(answer.status).toBe(500);
    expect(answer.body).toMatch(FAILED);
    expect(answer.body).not.toContain(projectRoot);
  });

  it("answers a websocket upgrade that is not Vite's own with 400 (it was left open for good)", async () => {
    for (const target of ['/nope', 'http://x/', '/'])
      expect(
        await ask(target, [
          ['Host', `127.0.0.1:${server.port}`],
          ['Connection', 'Upgrade'],
          ['Upgrade', 'websocket'],
        ]),
        target,
      ).toMatchObject({ status: 400, timedOut: false });
  });

  it('refuses a page request with a 10 MB body (413) and keeps rendering', async () => {
    const answer = await exchange(
      server.port,
      {
        ...page('/pricing'),
        method: 'POST',
        headers: [...page('/pricing').headers, ['Content-Length', String(10 * 1024 * 1024)]],
        body: Buffer.alloc(10 * 1024 * 1024, 'x'),
      },
      30_000,
    );
    // Refused once the body is read (answering midway reset the connection and lost the answer).
    expect(answer.status).toBe(413);
    expect((await exchange(server.port, page('/pricing'), 30_000)).status).toBe(200);
  });

  it('answers a request line over 16 KB with 431', async () => {
    expect(await ask(`/${'a'.repeat(20_000)}`)).toMatchObject({ status: 431 });
  });
});
