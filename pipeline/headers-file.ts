/**
 * The `_headers` file of the built site: public/_headers with the CSP's `frame-src` set to the
 * origin of the scheduling provider configured in site.config.yaml (scheduler.url), so that
 * changing provider in the config can never leave a CSP that blocks the widget, nor one that allows
 * frames from the previous provider. `npm run build` calls `writeHeadersFile` in its postbuild step
 * (the build has validated the config before).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { urlProblem } from '../schema/url-policy.ts';

const CSP_LINE = /^(\s+Content-Security-Policy:\s*)(.*)$/gim;

/**
 * `template` (a `_headers` file) with every CSP's frame-src replaced by (or given) the scheduler's
 * origin.
 */
export function headersFile(template: string, schedulerUrl: string): string {
  if (urlProblem(schedulerUrl, 'https'))
    throw new Error(
      `scheduler.url ${JSON.stringify(schedulerUrl)} is not an https:// address: run npm run validate.`,
    );
  const origin = new URL(schedulerUrl).origin;
  return template.replace(CSP_LINE, (_, head: string, policy: string) => {
    const directives = policy
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean);
    const frame = `frame-src ${origin}`;
    const index = directives.findIndex((directive) => /^frame-src\b/i.test(directive));
    if (index >= 0) directives[index] = frame;
    else directives.push(frame);
    return head + directives.join('; ');
  });
}

/**
 * Writes `dir/_headers` from `root/public/_headers` and the scheduler's URL; does nothing without a
 * template.
 */
export function writeHeadersFile(root: string, dir: string, schedulerUrl: string): void {
  const template = path.join(root, 'public/_headers');
  if (!existsSync(template)) return;
  writeFileSync(
    path.join(dir, '_headers'),
    headersFile(readFileSync(template, 'utf8'), schedulerUrl),
  );
}
