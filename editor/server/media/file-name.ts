/**
 * The name an added image gets in public/images/: readable, from the author's file name
 * (`Harbor View (2).JPG` → `harbor-view-2`), made only of a–z, 0–9 and `-`, so it is safe in any
 * address and on any disk. Nothing of the given name's folders is kept: a name is never a path.
 */
const MAX_BASE = 60;

export function imageBaseName(given: string): string {
  const last = given.split(/[\\/]/).pop() ?? '';
  const base = last
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE)
    .replace(/-+$/, '');
  return base || 'image';
}

/** `base.ext`, then `base-2.ext`, `base-3.ext`… : the candidates for a new image's name. */
export function* imageNames(base: string, extension: string): Generator<string> {
  yield `${base}.${extension}`;
  for (let n = 2; ; n++) yield `${base}-${n}.${extension}`;
}
