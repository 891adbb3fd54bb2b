import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorMessages } from '../../engine/errors.ts';
import { startDevServer } from '../helpers/dev-server.ts';
import { copyProject, projectRoot } from '../helpers/project-copy.ts';

/**
 * The whole authoring loop on a copy of the project: `npm run new-page` creates a published page
 * and a draft, `npm run build` builds the site, the published page is in the output and the draft
 * is not (nor in the sitemap); `npm run dev` shows the draft. Slow (a full build), so everything
 * shares one build.
 */
let dir: string;
let build: ReturnType<typeof spawnSync>;
const env = { ...process.env, NO_COLOR: '1' };

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: dir, encoding: 'utf8', env });
/** The site's public address (a placeholder on an example domain until the company fills it in). */
const baseUrl = /^baseUrl:\s*(\S+)/m.exec(
  readFileSync(path.join(projectRoot, 'site.config.yaml'), 'utf8'),
)![1]!;
const html = (route: string) =>
  readFileSync(path.join(dir, 'dist/client', route.slice(1), 'index.html'), 'utf8');

beforeAll(() => {
  dir = copyProject('staylix-new-page-build-', ['images']);
  const published = run('npm', [
    'run',
    '--silent',
    'new-page',
    '--',
    '/solutions/resorts',
    '--title',
    'Staylix for Resorts',
    '--publish',
  ]);
  if (published.status !== 0)
    throw new Error(`new-page failed:\n${published.stdout}${published.stderr}`);
  const draft = run('npm', ['run', '--silent', 'new-page', '--', '/solutions/spas']);
  if (draft.status !== 0) throw new Error(`new-page failed:\n${draft.stdout}${draft.stderr}`);
  build = run('npm', ['run', '--silent', 'build', '--', '--catalogue']);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a page created with npm run new-page', () => {
  it('builds', () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  });

  it('is in the output when published', () => {
    const page = html('/solutions/resorts');
    expect(page).toMatch(/<h1[^>]*>Staylix for Resorts<\/h1>/);
    expect(page).toContain('<title>Staylix for Resorts | Staylix</title>');
    expect(page).toContain(`<link rel="canonical" href="${baseUrl}/solutions/resorts"/>`);
    expect(page).not.toContain('name="robots"');
    expect(page).toMatch(/<nav[^>]*aria-label="Breadcrumb"/i);
    expect(readFileSync(path.join(dir, 'dist/client/sitemap.xml'), 'utf8')).toContain(
      `<loc>${baseUrl}/solutions/resorts</loc>`,
    );
  });

  it('is left out of the build and the sitemap while it is a draft', () => {
    expect(existsSync(path.join(dir, 'dist/client/solutions/spas/index.html'))).toBe(false);
    expect(readFileSync(path.join(dir, 'dist/client/sitemap.xml'), 'utf8')).not.toContain(
      '/solutions/spas',
    );
  });

  it('the block catalogue is built, noindex and out of the sitemap', () => {
    expect(html('/_blocks')).toContain('<meta name="robots" content="noindex"/>');
    expect(html('/_blocks/hero')).toContain('<meta name="robots" content="noindex"/>');
    expect(readFileSync(path.join(dir, 'dist/client/sitemap.xml'), 'utf8')).not.toContain(
      '/_blocks',
    );
  });
});

describe('npm run build with a mistake in a page', () => {
  it('stops before building anything, names file, line and column, and says what to do', () => {
    const file = path.join(dir, 'pages/pricing.yaml');
    const original = readFileSync(file, 'utf8');
    const before = readFileSync(path.join(dir, 'dist/client/pricing/index.html'), 'utf8');
    writeFileSync(file, original.replace(/type: hero\b/, 'type: heroo'));
    try {
      const broken = run('npm', ['run', '--silent', 'build']);
      expect(broken.status).toBe(1);
      expect(broken.stdout).toMatch(
        /pages\/pricing\.yaml:\d+:\d+\s+error\s+Unknown block type "heroo"/,
      );
      expect(broken.stdout).toContain('Did you mean "hero"?');
      expect(broken.stderr).toContain(validatorMessages.buildStopped);
      expect(broken.stdout).not.toContain('pre-render');
      expect(readFileSync(path.join(dir, 'dist/client/pricing/index.html'), 'utf8')).toBe(before);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('npm run dev', () => {
  let stop = () => {};
  afterAll(() => stop());

  it('shows drafts, marked noindex', async () => {
    const server = await startDevServer(dir, 60_000);
    stop = server.stop;
    const draft = await fetch(`${server.origin}/solutions/spas`);
    expect(draft.status).toBe(200);
    const text = await draft.text();
    expect(text).toMatch(/<h1[^>]*>Staylix for Spas<\/h1>/);
    expect(text).toContain('<meta name="robots" content="noindex"/>');
  }, 120_000);
});
