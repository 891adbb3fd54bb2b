import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, guessTemplate, yamlScalar } from '../../engine/new-page.ts';
import { makeTestSite, projectRoot, type TestSite } from '../validator/test-site.ts';

let site: TestSite;
beforeAll(() => {
  site = makeTestSite();
});
afterAll(() => site.cleanUp());

const today = new Date(Date.UTC(2024, 2, 1));
type Page = {
  title: string;
  description: string;
  draft?: boolean;
  blocks: Array<{ type: string; [key: string]: unknown }>;
};
const pageAt = (file: string) => parse(site.read(file)) as Page;
const crumbs = (page: Page) => page.blocks.find((block) => block.type === 'breadcrumbs')?.items;

describe('npm run new-page', () => {
  it.each([
    ['/solutions/resorts', 'solution'],
    ['/resources/blog/direct-bookings-guide', 'resource'],
    ['/cookie-policy', 'legal'],
  ])('scaffolds %s from the %s template as a valid draft', (route, template) => {
    const result = createPage({ root: site.root, route, today });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toBe(`pages${route}.yaml`);
    expect(guessTemplate(route)).toBe(template);
    const page = pageAt(result.file);
    expect(page.draft).toBe(true);
    expect(page.blocks[0]!.type).toBe('hero');
    // Valid from the first second, whether drafts are shown or not.
    expect(site.diagnostics({ includeDrafts: true }).filter((d) => d.file === result.file)).toEqual(
      [],
    );
    expect(site.diagnostics().filter((d) => d.file === result.file)).toEqual([]);
    expect(result.text).not.toMatch(/\{\{|\}\}/);
  });

  it('fills the breadcrumbs from the route, with the labels and links of the pages that exist', () => {
    const result = createPage({
      root: site.root,
      route: '/solutions/operations-hub/pms/night-audit',
      today,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(crumbs(pageAt(result.file))).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Solutions', href: '/solutions' },
      { label: 'Operations Hub', href: '/solutions/operations-hub' },
      { label: 'PMS', href: '/solutions/operations-hub/pms' },
      { label: 'Night Audit' },
    ]);
    const hero = pageAt(result.file).blocks[0]!;
    expect(hero).toMatchObject({ badge: 'PMS', title: 'Staylix for Night Audit' });
    expect(hero.actions).toEqual([
      { label: 'Book a Demo', href: '/book-demo', variant: 'primary' },
      { label: 'Explore PMS', href: '/solutions/operations-hub/pms', variant: 'secondary' },
    ]);
  });

  it('does not link a parent page that does not exist', () => {
    const result = createPage({
      root: site.root,
      route: '/solutions/spa-resorts/treatments',
      today,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(crumbs(pageAt(result.file))).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Solutions', href: '/solutions' },
      { label: 'Spa Resorts' },
      { label: 'Treatments' },
    ]);
    expect(site.diagnostics({ includeDrafts: true }).filter((d) => d.file === result.file)).toEqual(
      [],
    );
  });

  it('takes a title, quoting it when YAML needs that, and can publish straight away', () => {
    const result = createPage({
      root: site.root,
      route: '/resources/news/series-b',
      title: 'Staylix raises: a new chapter',
      publish: true,
      today,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.text).toContain('title: "Staylix raises: a new chapter"');
    const page = pageAt(result.file);
    expect(page.draft).toBeUndefined();
    expect(page.title).toBe('Staylix raises: a new chapter');
    expect(page.blocks[0]!.subtitle).toContain('1 March 2024');
    expect(site.diagnostics().filter((d) => d.file === result.file)).toEqual([]);
  });

  it('an empty title is no title: the one from the route (a page with an empty title was invalid)', () => {
    for (const [route, title] of [
      ['/solutions/spas', ''],
      ['/solutions/motels', ' \n'],
    ] as const) {
      const result = createPage({ root: site.root, route, title, today });
      if (!result.ok) throw new Error(result.error.message);
      const page = pageAt(result.file);
      expect(page.title).toBe(
        route === '/solutions/spas' ? 'Hotel Software for Spas' : 'Hotel Software for Motels',
      );
      expect(
        site.diagnostics({ includeDrafts: true }).filter((d) => d.file === result.file),
      ).toEqual([]);
    }
  });

  it('refuses a route that a page already has', () => {
    expect(createPage({ root: site.root, route: '/solutions/hotels' })).toEqual({
      ok: false,
      error: {
        code: 'route-exists',
        message: 'The route /solutions/hotels already exists: pages/solutions/hotels.yaml.',
        hint: 'Edit pages/solutions/hotels.yaml, or choose another route.',
        form: 'same',
      },
    });
    expect(createPage({ root: site.root, route: '/solutions' })).toMatchObject({
      ok: false,
      error: { message: 'The route /solutions already exists: pages/solutions/index.yaml.' },
    });
  });

  it('refuses a route that is an alias of another page', () => {
    expect(createPage({ root: site.root, route: '/features', template: 'solution' })).toEqual({
      ok: false,
      error: {
        code: 'route-exists',
        message: 'The route /features already exists: it is an alias of pages/index.yaml.',
        hint: 'Remove the alias from pages/index.yaml first, or choose another route.',
        form: 'same',
      },
    });
  });

  it('refuses a route it created a moment ago', () => {
    expect(createPage({ root: site.root, route: '/solutions/resorts' })).toMatchObject({
      ok: false,
      error: { code: 'route-exists' },
    });
  });

  it('refuses a route that is not a valid address, an unknown template, and a route it cannot place', () => {
    expect(createPage({ root: site.root, route: '/Solutions/Resorts 2' })).toMatchObject({
      ok: false,
      error: {
        code: 'bad-route',
        message: '"/Solutions/Resorts 2" is not a route a page can have.',
      },
    });
    expect(createPage({ root: site.root, route: '/careers', template: 'legl' })).toEqual({
      ok: false,
      error: {
        code: 'unknown-template',
        message: 'Unknown template "legl".',
        hint: 'Did you mean "legal"? Templates: solution, resource, legal.',
        form: 'same',
      },
    });
    expect(createPage({ root: site.root, route: '/careers' })).toEqual({
      ok: false,
      error: {
        code: 'choose-template',
        message: 'Which template should /careers use?',
        hint: 'Add --template with one of: solution, resource, legal.',
        // The page editor's new-page dialog has no --template: it offers the templates to choose
        // from.
        form: { hint: 'Choose one of the templates: solution, resource, legal.' },
      },
    });
    expect(existsSync(path.join(site.root, 'pages/careers.yaml'))).toBe(false);
  });

  it('quotes only what YAML would misread', () => {
    expect(yamlScalar('Operations Hub')).toBe('Operations Hub');
    expect(yamlScalar('Chains & Groups')).toBe('Chains & Groups');
    expect(yamlScalar('Pricing: simple')).toBe('"Pricing: simple"');
    expect(yamlScalar('yes')).toBe('"yes"');
    expect(yamlScalar('2024')).toBe('"2024"');
    expect(yamlScalar('Rooms, rates')).toBe('"Rooms, rates"');
  });

  it('as a command: exit 0 and next steps when created, exit 1 with the reason when refused, 2 for wrong usage', () => {
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['scripts/run-compiled.mjs', 'scripts/new-page.ts', ...args, '--root', site.root],
        {
          cwd: projectRoot,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
    const created = run('/solutions/glamping');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(
      'Created pages/solutions/glamping.yaml for /solutions/glamping.',
    );
    expect(created.stdout).toContain(
      'It is a draft: `npm run dev` shows it at /solutions/glamping',
    );
    const refused = run('/solutions/glamping');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      'The route /solutions/glamping already exists: pages/solutions/glamping.yaml.\n    hint: Edit pages/solutions/glamping.yaml, or choose another route.\n',
    );
    const wrong = run('/a', '/b');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run new-page -- [route] [options]');
  });
});
