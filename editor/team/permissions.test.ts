import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Team } from '../../schema/team.ts';
import { changedPaths } from './changed-paths.ts';
import { memberOf, type Identity, type Member } from './members.ts';
import { API_ROUTES, decide, mayChange, type PublishingRules } from './permissions.ts';
import { matchesRouteGlob } from './route-glob.ts';

const root = path.resolve(import.meta.dirname, '../..');
const identity = (email: string, groups: string[] = [], emailVerified = true): Identity => ({
  subject: email,
  email,
  emailVerified,
  name: email.split('@')[0]!,
  groups,
});
const team: Team = {
  people: [
    { email: 'lena@example.com', role: 'publisher' },
    { email: 'anna@example.com', role: 'author' },
    { email: 'jonas@example.com', role: 'author', pages: ['/de/**'], fields: 'translatable' },
    { email: 'eva@example.com', role: 'author', pages: ['/resources/*'] },
    { email: 'max@example.com', role: 'admin' },
  ],
  groups: [{ group: 'marketing-leads', role: 'publisher' }],
};
const direct: PublishingRules = { mode: 'direct', requireReview: false };
const member = (email: string, groups: string[] = []) => memberOf(team, identity(email, groups))!;

describe('who is who', () => {
  it('matches e-mail addresses in any case, verified only', () => {
    expect(memberOf(team, identity('LENA@Example.COM'))?.role).toBe('publisher');
    expect(memberOf(team, identity('lena@example.com', [], false))).toBeUndefined();
    expect(memberOf(team, identity('stranger@example.com'))).toBeUndefined();
    expect(memberOf(undefined, identity('lena@example.com'))).toBeUndefined();
  });

  it('a group gives its role, verified address or not; the highest role wins', () => {
    expect(memberOf(team, identity('x@example.com', ['marketing-leads'], false))?.role).toBe(
      'publisher',
    );
    const anna = member('anna@example.com', ['marketing-leads', 'other']);
    expect(anna.role).toBe('publisher');
    expect(anna.grants.map((grant) => grant.role)).toEqual(['author', 'publisher']);
    expect(member('max@example.com', ['marketing-leads']).role).toBe('admin');
  });
});

describe('route patterns', () => {
  it.each([
    ['/de/**', '/de', true],
    ['/de/**', '/de/pricing', true],
    ['/de/**', '/de/solutions/hotels', true],
    ['/de/**', '/deutsch', false],
    ['/de/**', '/pricing', false],
    ['/resources/*', '/resources/blog', true],
    ['/resources/*', '/resources', false],
    ['/resources/*', '/resources/blog/post', false],
    ['/**', '/', true],
    ['/', '/', true],
    ['/', '/pricing', false],
    ['/*/hotels', '/solutions/hotels', true],
    ['/**/hotels', '/hotels', true],
    ['/**/hotels', '/de/solutions/hotels', true],
    ['/pricing', '/pricing', true],
  ])('%s and %s: %s', (glob, route, expected) => {
    expect(matchesRouteGlob(glob, route)).toBe(expected);
  });
});

describe('what a save changes', () => {
  it('gives the paths of changed values, added and removed items and fields', () => {
    const before = { title: 'A', blocks: [{ type: 'hero', title: 'T', notes: ['x'] }] };
    const after = { title: 'A', blocks: [{ type: 'hero', title: 'U', notes: ['x', 'y'] }, {}] };
    expect(changedPaths(before, after)).toEqual([
      ['blocks', 0, 'title'],
      ['blocks', 0, 'notes', 1],
      ['blocks', 1],
    ]);
    expect(changedPaths({ a: 1, b: 2 }, { a: 1 })).toEqual([['b']]);
    expect(changedPaths({ a: ['x'] }, { a: 'x' })).toEqual([['a']]);
    expect(changedPaths(before, structuredClone(before))).toEqual([]);
  });
});

/** Every route of the editor's API, read from the switch statements that answer them. */
function routesInServer(): string[] {
  const sources = [
    'editor/server/api.ts',
    'editor/server/publishing.ts',
    'editor/server/media/routes.ts',
    'editor/team/review-routes.ts',
  ].map((file) => readFileSync(path.join(root, file), 'utf8'));
  return sources
    .flatMap((source) => [...source.matchAll(/case '((?:GET|POST|PUT|DELETE) \/api[^']*)'/g)])
    .map((match) => match[1]!)
    .sort();
}

describe('route × method × role', () => {
  it('knows every route the editor answers, and no other', () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual(routesInServer());
  });

  const page = { kind: 'file', file: 'pages/pricing.yaml' } as const;
  const config = { kind: 'file', file: 'site.config.yaml' } as const;
  const image = { kind: 'file', file: 'public/images/x.png' } as const;
  const none = { kind: 'none' } as const;
  const theirs = { kind: 'review', own: false, files: ['pages/pricing.yaml'] } as const;
  const mine = { kind: 'review', own: true, files: ['pages/pricing.yaml'] } as const;
  const codes = (who: Member, method: string, route: string, target = none as object) =>
    decide(who, method, route, target as never, direct);
  // [request, target, author, publisher, admin]: the code of the refusal, or 'ok'.
  const table: Array<[string, object, string, string, string]> = [
    ['GET /api/pages', none, 'ok', 'ok', 'ok'],
    ['GET /api/file', none, 'ok', 'ok', 'ok'],
    ['POST /api/check', none, 'ok', 'ok', 'ok'],
    ['PUT /api/file', page, 'ok', 'ok', 'ok'],
    ['PUT /api/file', config, 'role-needed', 'role-needed', 'ok'],
    ['PUT /api/file', image, 'ok', 'ok', 'ok'],
    [
      'PUT /api/file',
      { kind: 'file', file: 'package.json' },
      'not-writable',
      'not-writable',
      'not-writable',
    ],
    ['PUT /api/file', none, 'missing-path', 'missing-path', 'missing-path'],
    ['DELETE /api/file', page, 'ok', 'ok', 'ok'],
    ['POST /api/pages', { kind: 'new-page', route: '/new' }, 'ok', 'ok', 'ok'],
    ['POST /api/publish', none, 'role-needed', 'ok', 'ok'],
    [
      'POST /api/publish/identity',
      none,
      'identity-from-sign-in',
      'identity-from-sign-in',
      'identity-from-sign-in',
    ],
    ['POST /api/publish/latest', none, 'ok', 'ok', 'ok'],
    ['POST /api/publish/discard', page, 'ok', 'ok', 'ok'],
    ['POST /api/publish/restore', config, 'role-needed', 'role-needed', 'ok'],
    ['GET /api/publish/review', none, 'ok', 'ok', 'ok'],
    // Review inside the editor: a request of someone else's, and one's own (direct, no
    // requireReview: a publisher may approve their own).
    ['GET /api/reviews', none, 'ok', 'ok', 'ok'],
    ['POST /api/reviews', { kind: 'change-set', files: ['pages/pricing.yaml'] }, 'ok', 'ok', 'ok'],
    [
      'POST /api/reviews',
      { kind: 'change-set', files: ['site.config.yaml'] },
      'role-needed',
      'role-needed',
      'ok',
    ],
    ['GET /api/reviews/item', theirs, 'review-not-yours', 'ok', 'ok'],
    ['GET /api/reviews/item', mine, 'ok', 'ok', 'ok'],
    ['POST /api/reviews/approve', theirs, 'review-not-yours', 'ok', 'ok'],
    ['POST /api/reviews/approve', mine, 'role-needed', 'ok', 'ok'],
    ['POST /api/reviews/ask', theirs, 'review-not-yours', 'ok', 'ok'],
    ['POST /api/reviews/withdraw', theirs, 'review-not-yours', 'ok', 'ok'],
    ['POST /api/reviews/withdraw', mine, 'ok', 'ok', 'ok'],
    ['POST /api/reviews/approve', none, 'bad-request', 'bad-request', 'bad-request'],
  ];
  it.each(table)('%s %o: author %s, publisher %s, admin %s', (request, target, ...expected) => {
    const [method, route] = request.split(' ') as [string, string];
    const who = ['anna@example.com', 'lena@example.com', 'max@example.com'].map((e) => member(e));
    expect(
      who.map((m) => {
        const decision = codes(m, method, route, target)!;
        return decision.allowed ? 'ok' : decision.error.code;
      }),
    ).toEqual(expected);
  });

  it('a refusal says who may and what the person is', () => {
    const decision = codes(member('anna@example.com'), 'POST', '/api/publish');
    expect(decision).toEqual({
      allowed: false,
      error: expect.objectContaining({
        message:
          'Only a publisher may publish changes; you are an author of this site. Nothing was changed.',
      }),
    });
  });

  it('a route the editor does not have is no decision (404)', () => {
    expect(codes(member('max@example.com'), 'PATCH', '/api/file')).toBeUndefined();
    expect(codes(member('max@example.com'), 'GET', '/api/secret')).toBeUndefined();
  });

  it('requireReview: nobody publishes directly; review mode: every member sends for review', () => {
    const max = member('max@example.com');
    const strict = { mode: 'direct', requireReview: true } as const;
    expect(decide(max, 'POST', '/api/publish', none, strict)).toMatchObject({
      allowed: false,
      error: { code: 'review-required' },
    });
    const review = { mode: 'review', requireReview: true } as const;
    expect(decide(member('anna@example.com'), 'POST', '/api/publish', none, review)).toEqual({
      allowed: true,
    });
  });

  it('requireReview: nobody approves their own change; a publisher of /de/** none of /pricing', () => {
    const strict = { mode: 'direct', requireReview: true } as const;
    const mine = { kind: 'review', own: true, files: ['pages/pricing.yaml'] } as const;
    for (const email of ['lena@example.com', 'max@example.com'])
      expect(decide(member(email), 'POST', '/api/reviews/approve', mine, strict)).toMatchObject({
        allowed: false,
        error: { code: 'review-own-change' },
      });
    const deLead: Member = {
      email: 'de@example.com',
      name: 'De',
      role: 'publisher',
      grants: [
        { role: 'publisher', pages: ['/de/**'], fields: 'all' },
        { role: 'author', pages: undefined, fields: 'all' },
      ],
    };
    const review = (file: string) => ({ kind: 'review', own: false, files: [file] }) as const;
    const approve = (file: string) =>
      decide(deLead, 'POST', '/api/reviews/approve', review(file), strict);
    expect(approve('pages/de/index.yaml')).toEqual({ allowed: true });
    // Their author entry for every page does not make them its reviewer.
    expect(approve('pages/pricing.yaml')).toMatchObject({ error: { code: 'page-not-yours' } });
  });

  it('a page-restricted author: their pages only, no shared files', () => {
    const eva = member('eva@example.com');
    const on = (file: string) => decide(eva, 'PUT', '/api/file', { kind: 'file', file }, direct);
    expect(on('pages/resources/blog.yaml')).toEqual({ allowed: true });
    expect(on('pages/pricing.yaml')).toMatchObject({
      allowed: false,
      error: {
        code: 'page-not-yours',
        message:
          'You may change only the pages /resources/*; "/pricing" is not one of them. Nothing was changed.',
      },
    });
    expect(on('public/images/x.png')).toMatchObject({ error: { code: 'files-not-yours' } });
    const translation = { kind: 'new-translation', code: 'de', route: '/resources/blog' } as const;
    expect(decide(eva, 'POST', '/api/translations', translation, direct)).toMatchObject({
      error: { code: 'page-not-yours' },
    });
  });
});

describe('a translator restricted to /de/**, texts only', () => {
  const jonas = member('jonas@example.com');
  const text = readFileSync(path.join(root, 'pages/de/pricing.yaml'), 'utf8');
  const before = parse(text) as { blocks: Array<Record<string, unknown>> };
  const changed = (change: (data: typeof before) => void) => {
    const after = structuredClone(before);
    change(after);
    return mayChange(jonas, 'pages/de/pricing.yaml', () => ({ before, after }));
  };
  type Action = { label: string; href: string };

  it('may change the words of the German page', () => {
    expect(changed((data) => (data.blocks[0]!.title = 'Neu'))).toEqual({ allowed: true });
    expect(
      changed((data) => ((data.blocks[0]!.actions as Action[])[0]!.label = 'Jetzt buchen')),
    ).toEqual({ allowed: true });
  });

  it('may take what following the original page makes of the page, and nothing more', () => {
    // As if the English page's blocks had been put in the opposite order by hand.
    const followed = structuredClone(before);
    followed.blocks.reverse();
    const saving = (after: typeof before, follows = true) =>
      mayChange(jonas, 'pages/de/pricing.yaml', () => ({
        before,
        after,
        followed: follows ? () => followed : undefined,
      }));
    expect(saving(followed)).toEqual({ allowed: true });
    const translated = structuredClone(followed);
    translated.blocks.at(-1)!.title = 'Neu';
    expect(saving(translated)).toEqual({ allowed: true });
    const linked = structuredClone(followed);
    (linked.blocks.at(-1)!.actions as Action[])[0]!.href = '/x';
    expect(saving(linked)).toMatchObject({ error: { code: 'only-translatable' } });
    // Without an original page to follow, the same order is the translator's own: refused.
    expect(saving(followed, false)).toMatchObject({ error: { code: 'only-translatable' } });
  });

  it('may not change a link, add or remove a block, or touch another language', () => {
    expect(changed((data) => ((data.blocks[0]!.actions as Action[])[0]!.href = '/x'))).toEqual({
      allowed: false,
      error: expect.objectContaining({
        code: 'only-translatable',
        message:
          "You may change only the words of the page; Hero › Actions › 'Demo buchen' › Link is not a text to translate. Nothing was saved.",
      }),
    });
    expect(changed((data) => data.blocks.pop())).toMatchObject({
      error: { code: 'only-translatable' },
    });
    expect(mayChange(jonas, 'pages/pricing.yaml', () => ({ before, after: before }))).toMatchObject(
      {
        error: { code: 'page-not-yours' },
      },
    );
    expect(
      mayChange(jonas, 'pages/de/pricing.yaml', () => ({ before, after: undefined })),
    ).toMatchObject({
      error: { code: 'only-translatable' },
    });
    expect(
      decide(jonas, 'DELETE', '/api/file', { kind: 'file', file: 'pages/de/pricing.yaml' }, direct),
    ).toMatchObject({ error: { code: 'only-translatable' } });
  });

  it('may create a German translation and record its review of the source', () => {
    const translation = { kind: 'new-translation', code: 'de', route: '/features' } as const;
    expect(decide(jonas, 'POST', '/api/translations', translation, direct)).toEqual({
      allowed: true,
    });
    expect(
      changed((data) => ((data as Record<string, unknown>).translatedFrom = { title: 'x' })),
    ).toEqual({ allowed: true });
  });

  it('an author with every field may change anything on the same page', () => {
    const anna = member('anna@example.com');
    const after = structuredClone(before);
    after.blocks.pop();
    expect(mayChange(anna, 'pages/de/pricing.yaml', () => ({ before, after }))).toEqual({
      allowed: true,
    });
  });
});
