import { describe, expect, it } from 'vitest';
import { bundlerWarnings } from './bundler-warnings.ts';

describe('bundlerWarnings', () => {
  it('finds the warning a Node module in the browser graph gave, and not the build summary', () => {
    const output = [
      '60 pages, 66 routes checked in 90 ms: 0 errors, 0 warnings.',
      '[plugin rolldown:vite-resolve] Module "node:path" has been externalized for browser compatibility, imported by "/p/ui/image-source.ts".',
      '(!) Some chunks are larger than 500 kB after minification.',
      'Built in 8.9 s: 89 pages rendered, 0 unchanged; bundle built.',
    ].join('\n');
    expect(bundlerWarnings(output)).toHaveLength(2);
    expect(bundlerWarnings(output)[0]).toContain('node:path');
  });
});
