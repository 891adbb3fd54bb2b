import { readValidPage, type Page } from '../engine/load-site.ts';
import { pageStoreDir, PageStoreReader, type StoredAt } from '../engine/page-store.ts';

/**
 * How a render worker gets the validated content of a page the build checked, named by its file,
 * the hash of the text the site was checked with, and where the validation kept that page
 * (engine/page-store.ts): read from there, it is exactly the content that was checked, whatever the
 * file holds by now. A page not kept (the validation took it from its cache before the store
 * existed, a store removed since, a page JSON cannot hold) is read from its file and validated
 * again, and must still have that text (else `PageChangedError`): a page edited during the build is
 * never published unchecked either way. Parsing the YAML and running the schemas cost about 1.5 ms
 * of CPU a page; reading the record back a small part of that.
 */
export function validatedPageReader(
  root: string,
): (file: string, hash: string, stored: StoredAt | undefined) => Page {
  const store = new PageStoreReader(pageStoreDir(root));
  return (file, hash, stored) =>
    ((stored && store.page(hash, stored)) as Page | undefined) ?? readValidPage(root, file, hash);
}
