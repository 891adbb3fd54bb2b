import { loadSite } from '../../engine/load-site.ts';
import type { ValidationCache } from '../../engine/validation-cache.ts';
import { findPlaceholders } from '../../engine/placeholders.ts';
import type { CheckProblem } from '../git/publish.ts';
import { pathsAt } from '../document/locate.ts';
import type { SiteConfig } from '../../schema/site-config.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { wordingFor } from '../../engine/errors.ts';
import { routeFromFile } from '../../engine/routes.ts';
import { fieldLabel } from '../changes/labels.ts';
import { yamlData } from '../document/read-yaml.ts';

/** A file's data for naming its fields; undefined when it does not parse. */
function readData(text: string): unknown {
  try {
    return yamlData(text);
  } catch {
    return undefined;
  }
}

export type PublishingSettings = Required<NonNullable<SiteConfig['publishing']>>;

/**
 * The site's publishing settings; the defaults when the config cannot be read (its own check
 * reports why).
 */
export function publishingSettings(config: SiteConfig | undefined): PublishingSettings {
  return {
    mode: config?.publishing?.mode ?? 'direct',
    placeholders: config?.publishing?.placeholders ?? 'allowed',
    requireReview: config?.publishing?.requireReview ?? false,
  };
}

/**
 * The checks CI runs, on the whole site as it is on disk: the validator (`npm run validate`) and,
 * when the site says so, the deploy's placeholder check (`--production`). Errors only: warnings do
 * not stop a publish. `cache`: what earlier checks found in files whose text is unchanged (shared
 * by the copies of one site, editor/server/site-check-thread.ts).
 */
export function checkSiteForPublish(
  root: string,
  cache?: ValidationCache,
): {
  problems: CheckProblem[];
  settings: PublishingSettings;
} {
  const site = loadSite({ root, includeDrafts: false, ...(cache ? { cache } : {}) });
  const settings = publishingSettings(site.config);
  const diagnostics = [
    ...site.diagnostics,
    ...(settings.placeholders === 'refused' ? findPlaceholders(root) : []),
  ].filter((d) => d.severity === 'error');
  // Each problem gets the path of its field (the editor's link to it), from the validator or from
  // its position.
  const byFile = new Map<string, typeof diagnostics>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const problems: CheckProblem[] = [];
  for (const [file, list] of byFile) {
    let text = '';
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      // a missing file has no fields to point at
    }
    const missing = list.filter((d) => !d.path && !(d.line === 1 && d.col === 1));
    const found = missing.length && text ? pathsAt(text, missing) : [];
    const data = text ? readData(text) : undefined;
    const name = file.startsWith('pages/')
      ? `Page ${routeFromFile(file) ?? file}`
      : 'Site settings';
    for (const d of list) {
      const at = d.path ? [...d.path] : found[missing.indexOf(d)];
      // Read in the editor: the form's words, and the page and field by name.
      const words = wordingFor({ ...d, hint: d.hint ?? '', form: d.form ?? 'same' }, 'form');
      // A block's type is its name in the form, not a field of its own.
      const named =
        at?.length === 3 && at[0] === 'blocks' && at[2] === 'type' ? at.slice(0, 2) : at;
      const field = named && named.length ? fieldLabel(file, data, named) : undefined;
      problems.push({
        file: d.file,
        line: d.line,
        col: d.col,
        code: d.code,
        message: words.message,
        ...(words.hint ? { hint: words.hint } : {}),
        ...(at && at.length ? { path: at } : {}),
        place: field ? `${name} › ${field}` : name,
      });
    }
  }
  return { problems, settings };
}
