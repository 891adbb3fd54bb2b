import { describe, expect, it } from 'vitest';
import { claimRoutes, type RouteClaim } from './claim-routes.ts';

const page = (
  file: string,
  route: string | undefined,
  aliases: string[] = [],
  readable = true,
): RouteClaim => ({ file, route, readable, draft: false, anchors: ['main', 'top'], aliases });

describe('claimRoutes', () => {
  it('gives each route and alias to the first file that claims it, and says why the others cannot have it', () => {
    const { targets, problems } = claimRoutes([
      page('pages/a.yaml', '/a', ['/old-a', '/b', '/a', '/old-a']),
      page('pages/a/index.yaml', '/a'),
      page('pages/b.yaml', '/b', ['/old-a']),
    ]);
    expect([...targets].map(([route, target]) => `${route} → ${target.file}`)).toEqual([
      '/a → pages/a.yaml',
      '/b → pages/b.yaml',
      '/old-a → pages/a.yaml',
    ]);
    expect(
      problems.map(
        (problem) => `${problem.file} ${problem.alias ?? 'route'} ${problem.error.code}`,
      ),
    ).toEqual([
      'pages/a/index.yaml route duplicate-route',
      'pages/a.yaml 1 alias-is-a-route',
      'pages/a.yaml 2 alias-is-own-route',
      'pages/a.yaml 3 alias-listed-twice',
      'pages/b.yaml 0 alias-taken',
    ]);
  });

  it('keeps the route of a file it cannot read, so links to it are not reported as broken, and claims nothing else', () => {
    const { targets, problems } = claimRoutes([
      page('pages/broken.yaml', '/broken', ['/x'], false),
    ]);
    expect([...targets.keys()]).toEqual(['/broken']);
    expect(targets.get('/broken')!.anchors).toBeUndefined();
    expect(problems).toEqual([]);
  });
});
