import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { teamMessages, teamReviewMessages } from '../../engine/errors.ts';
import { ROLES, type Role } from '../../schema/team.ts';
import { propertyParameters } from '../../tests/helpers/properties.ts';
import { roleRank, type Grant, type Member } from './members.ts';
import { API_ROUTES, decide, type PublishingRules, type Target } from './permissions.ts';
import { matchesRouteGlob } from './route-glob.ts';

/**
 * Role × route × method × page pattern: seeded random members (one or two entries, each with a
 * role, maybe page patterns, maybe texts only), requests on every route of the API, and the rules
 * every decision keeps.
 */
const segment = fc.constantFrom('de', 'ar', 'pricing', 'resources', 'blog', 'solutions', 'x-1');
const route = fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
const glob = fc
  .array(fc.oneof(segment, fc.constant('*'), fc.constant('**')), { maxLength: 4 })
  .map((parts) => `/${parts.join('/')}`);
const role = fc.constantFrom(...ROLES);
const grant: fc.Arbitrary<Grant> = fc.record({
  role,
  pages: fc.option(fc.array(glob, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  fields: fc.constantFrom('all', 'translatable'),
});
const memberOfGrants = (grants: Grant[]): Member => ({
  email: 'p@example.com',
  name: 'P',
  role: grants.reduce<Role>((a, g) => (roleRank(g.role) > roleRank(a) ? g.role : a), 'author'),
  grants,
});
const member = fc.array(grant, { minLength: 1, maxLength: 2 }).map(memberOfGrants);
const fileOf = (route: string) => (route === '/' ? 'pages/index.yaml' : `pages${route}.yaml`);
const target: fc.Arbitrary<Target> = fc.oneof(
  fc.constant({ kind: 'none' } as const),
  route.map((r) => ({ kind: 'file', file: fileOf(r) }) as const),
  fc
    .constantFrom('site.config.yaml', 'public/a.png')
    .map((file) => ({ kind: 'file', file }) as const),
  route.map((r) => ({ kind: 'new-page', route: r }) as const),
  fc
    .tuple(fc.constantFrom('de', 'ar'), route)
    .map(([code, r]) => ({ kind: 'new-translation', code, route: r }) as const),
  fc
    .array(route.map(fileOf), { minLength: 1, maxLength: 3 })
    .map((files) => ({ kind: 'change-set', files }) as const),
  fc
    .record({
      own: fc.boolean(),
      files: fc.array(route.map(fileOf), { minLength: 1, maxLength: 3 }),
    })
    .map(({ own, files }) => ({ kind: 'review', own, files }) as const),
);
const request = fc
  .constantFrom(...Object.keys(API_ROUTES))
  .map((key) => key.split(' ') as [string, string]);
const rules: fc.Arbitrary<PublishingRules> = fc.record({
  mode: fc.constantFrom('direct', 'review'),
  requireReview: fc.boolean(),
});

/** An independent reading of a route pattern: as a regular expression. */
const globRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .filter(Boolean)
      .map((part) => (part === '**' ? '(?:/[^/]+)*' : part === '*' ? '/[^/]+' : `/${part}`))
      .join('')}$`,
  );

/** The codes of the team's refusals (each entry rendered with arguments of its kinds). */
const CODES = new Set<string>();
for (const entry of Object.values(teamMessages))
  for (const args of [['x', 'author', 'author'], [['/x']], ['x', ['/x']]])
    try {
      CODES.add((entry as (...a: unknown[]) => { code: string })(...args).code);
    } catch {
      // not this entry's kinds of argument
    }
CODES.add(teamReviewMessages.notYours().code).add(teamReviewMessages.ownChange().code);
CODES.add('not-writable').add('missing-path').add('bad-request');

describe('permissions (seeded properties)', () => {
  it('a route pattern matches as its regular expression does', () => {
    fc.assert(
      fc.property(glob, route, (g, r) => {
        expect(matchesRouteGlob(g, r)).toBe(globRegex(g).test(r === '/' ? '' : r));
      }),
      propertyParameters(400),
    );
  });

  it('every request gets a decision, and every refusal is in the catalogue’s words', () => {
    fc.assert(
      fc.property(member, request, target, rules, (m, [method, path], t, r) => {
        const decision = decide(m, method, path, t, r);
        expect(decision).toBeDefined();
        if (!decision!.allowed) {
          expect(CODES).toContain(decision!.error.code);
          expect(decision!.error.message.length).toBeGreaterThan(20);
        }
      }),
      propertyParameters(300),
    );
  });

  it('a higher role never takes away what a lower one allowed', () => {
    fc.assert(
      fc.property(member, request, target, rules, (m, [method, path], t, r) => {
        if (!decide(m, method, path, t, r)!.allowed) return;
        const raised = memberOfGrants(m.grants.map((g) => ({ ...g, role: 'admin' as const })));
        expect(decide(raised, method, path, t, r)!.allowed).toBe(true);
      }),
      propertyParameters(300),
    );
  });

  it('another entry never takes away what one allowed', () => {
    fc.assert(
      fc.property(member, grant, request, target, rules, (m, extra, [method, path], t, r) => {
        if (!decide(m, method, path, t, r)!.allowed) return;
        const more = memberOfGrants([...m.grants, extra]);
        expect(decide(more, method, path, t, r)!.allowed).toBe(true);
      }),
      propertyParameters(300),
    );
  });

  it('a page is written only by a member with an entry whose pattern covers it', () => {
    fc.assert(
      fc.property(member, route, rules, (m, r, rs) => {
        const allowed = decide(m, 'PUT', '/api/file', { kind: 'file', file: fileOf(r) }, rs)!;
        const covered = m.grants.some(
          (g) => !g.pages || g.pages.some((p) => globRegex(p).test(r === '/' ? '' : r)),
        );
        expect(allowed.allowed).toBe(covered);
      }),
      propertyParameters(300),
    );
  });

  it('the settings are an admin’s alone; reading is every member’s', () => {
    fc.assert(
      fc.property(member, rules, (m, r) => {
        const settings = { kind: 'file', file: 'site.config.yaml' } as const;
        expect(decide(m, 'PUT', '/api/file', settings, r)!.allowed).toBe(m.role === 'admin');
        for (const key of Object.keys(API_ROUTES).filter((k) => API_ROUTES[k] === 'read')) {
          const [method, path] = key.split(' ') as [string, string];
          expect(decide(m, method, path, { kind: 'none' }, r)!.allowed).toBe(true);
        }
      }),
      propertyParameters(100),
    );
  });

  it('with requireReview and direct publishing, nobody publishes', () => {
    fc.assert(
      fc.property(member, (m) => {
        const strict = { mode: 'direct', requireReview: true } as const;
        expect(decide(m, 'POST', '/api/publish', { kind: 'none' }, strict)!.allowed).toBe(false);
      }),
      propertyParameters(50),
    );
  });

  it('with requireReview nobody approves their own change, whatever their role', () => {
    fc.assert(
      fc.property(member, target, fc.constantFrom('direct', 'review'), (m, t, mode) => {
        const strict = { mode, requireReview: true } as const;
        const decision = decide(m, 'POST', '/api/reviews/approve', t, strict)!;
        if (t.kind === 'review' && t.own) expect(decision.allowed).toBe(false);
      }),
      propertyParameters(200),
    );
  });

  it('another member’s request: an author never reads, sends back, approves or withdraws it', () => {
    const routes = [
      'GET /api/reviews/item',
      ...['approve', 'ask', 'withdraw'].map((a) => `POST /api/reviews/${a}`),
    ];
    fc.assert(
      fc.property(member, target, rules, fc.constantFrom(...routes), (m, t, r, key) => {
        const [method, path] = key.split(' ') as [string, string];
        const decision = decide(m, method, path, t, r)!;
        if (m.role === 'author' && t.kind === 'review' && !t.own) {
          expect(decision.allowed).toBe(false);
          if (!decision.allowed) expect(decision.error.code).toBe('review-not-yours');
        }
      }),
      propertyParameters(200),
    );
  });

  it('a reviewer acts only on a request whose every page their patterns cover', () => {
    fc.assert(
      fc.property(member, fc.array(route, { minLength: 1, maxLength: 3 }), rules, (m, rs, r) => {
        const t = { kind: 'review', own: false, files: rs.map(fileOf) } as const;
        const covers = (at: string) =>
          m.grants.some(
            (g) =>
              roleRank(g.role) >= roleRank('publisher') &&
              (!g.pages || g.pages.some((p) => globRegex(p).test(at === '/' ? '' : at))),
          );
        for (const action of ['approve', 'ask'])
          expect(decide(m, 'POST', `/api/reviews/${action}`, t, r)!.allowed).toBe(rs.every(covers));
      }),
      propertyParameters(200),
    );
  });
});
