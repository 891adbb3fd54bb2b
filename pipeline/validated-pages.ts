import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { readValidPage, type Page } from '../engine/load-site.ts';
import { writeWhole } from '../engine/write-whole.ts';

/**
 * How a render worker gets the validated content of a page the build checked, named by its file and
 * the hash of the text the site was checked with. The validated page is a function of that text and
 * the validator's code alone, so it is kept as JSON in `dir` under the text's hash: `dir` is inside
 * the bundle's cache folder, whose key covers the validator's code (engine/, schema/, blocks/), and
 * goes with it. When it is there, that is the page rendered: exactly the content that was checked,
 * whatever the file holds by now. Otherwise the file is read and validated again, and must still
 * have that text (else `PageChangedError`): a page edited during the build is never published
 * unchecked either way. Parsing the YAML and running the schemas cost about 1.5 ms of CPU a page;
 * reading the JSON back a small part of that. The JSON is written only when it reads back as
 * exactly the page (`isDeepStrictEqual`: nothing JSON would drop or change).
 */
export function validatedPageReader(
  root: string,
  dir: string,
): (file: string, hash: string) => Page {
  let madeDir = false;
  return (file, hash) => {
    const kept = path.join(dir, `${hash}.json`);
    let json: string | undefined;
    try {
      json = readFileSync(kept, 'utf8');
    } catch {
      // not kept yet
    }
    if (json !== undefined) {
      try {
        return JSON.parse(json) as Page;
      } catch {
        // an unreadable entry is made again below
      }
    }
    const page = readValidPage(root, file, hash);
    const text = JSON.stringify(page);
    if (isDeepStrictEqual(JSON.parse(text), page)) {
      if (!madeDir) mkdirSync(dir, { recursive: true });
      madeDir = true;
      // Another worker may read it meanwhile.
      writeWhole(kept, text);
    }
    return page;
  };
}

/**
 * Leaves in `dir` only the validated pages whose hash is in `keep` (the pages of the site just
 * built): without it every edit of a page would leave its old content there as long as the bundle
 * lives. Also removes what an interrupted write left.
 */
export function pruneValidatedPages(dir: string, keep: ReadonlySet<string>): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (name.endsWith('.json') && keep.has(name.slice(0, -'.json'.length))) continue;
    rmSync(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}
