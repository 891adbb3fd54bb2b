/**
 * What a build of the project reads: code, content, configuration and the lock file (part of the
 * bundle's cache key). A copy of these builds like the project itself (the tests' and benchmarks'
 * throw-away copies).
 */
export const PROJECT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'site.config.yaml',
  'AUTHORING.md',
  'blocks',
  'ui',
  'renderer',
  'schema',
  'engine',
  'pipeline',
  'scripts',
  'public',
  'pages',
] as const;
