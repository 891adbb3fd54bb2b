/**
 * Subtrees rendered once per worker and reused as HTML: the header and the footer, the same on most
 * pages (about half of a page's elements), and each block the same on several pages (a call to
 * action, a row of logos; every block but the hero on copies of a page). The renderer
 * (renderer/rendered-once.ts) names each with a scope (the site config object) and a key that says
 * everything else its HTML depends on, its place in the tree included (React's ids follow it), and
 * asks the function installed here (on the server only) for what to render instead. `around` adds
 * the Vike page to every key: pages of another Vike page have another tree around theirs.
 *
 * A subtree is rendered in its page the first times (so its HTML is exactly what it is in the page,
 * not a render of its own), inside an element that gives its HTML away: an element of its own, so
 * React's tree (and with it the ids of `useId`) is the same as without it; from then on, React
 * renders a marker in its place, which is replaced by that HTML. The element and the markers are
 * never next to a text (a subtree whose HTML does not begin and end with a tag is not kept), so
 * React's text separators around them are what they are around the subtree, and hold a token of
 * this worker that no page's content can guess.
 *
 * What React writes elsewhere because of a subtree: for each `<img>`, a `<link rel="preload">` at
 * the start of the page (in an order and number that depend on the images before and after it). So
 * the marker holds the subtree's images again, with the attributes that decide their preload, and
 * React preloads them exactly where and as it would; the marker and those images are then replaced.
 * A subtree with images React would not preload the same way (in a `<picture>` or `<noscript>`,
 * with other attributes or character references) is not kept; nor is one seen only once (the hero
 * of a page, a translated page's header with its own alternates), and at most MAX_KEPT are.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import { createHash, randomBytes } from 'node:crypto';

const RENDERED_ONCE = Symbol.for('staylix.renderedOnce');
type RenderedOnce = (scope: object, key: string, element: ReactElement) => ReactNode;

/** Subtrees kept per worker, and keys remembered as seen once. */
const MAX_KEPT = 256;
const MAX_SEEN = 4096;

/** The attributes of `<img>` a kept subtree may have: those React's preload reads, and harmless ones. */
const IMAGE_PROPS: Record<string, string | undefined> = {
  src: 'src',
  srcset: 'srcSet',
  sizes: 'sizes',
  loading: 'loading',
  fetchpriority: 'fetchPriority',
  alt: undefined,
  width: undefined,
  height: undefined,
  class: undefined,
  decoding: undefined,
};
const IMG = /<img\b([^>]*?)\/?>/g;
const ATTRIBUTE = /\s([a-z-]+)(?:="([^"&]*)")?/gy;

/**
 * The props that decide the preload of each `<img>` of a subtree's HTML; undefined when one is not
 * as IMAGE_PROPS allows, or the subtree has a `<picture>` or `<noscript>`.
 */
function imagesOf(html: string): Array<Record<string, string>> | undefined {
  if (/<(?:picture|noscript)\b/.test(html)) return undefined;
  const images: Array<Record<string, string>> = [];
  for (const [, attributes] of html.matchAll(IMG)) {
    const props: Record<string, string> = {};
    ATTRIBUTE.lastIndex = 0;
    let end = 0;
    for (let match = ATTRIBUTE.exec(attributes!); match; match = ATTRIBUTE.exec(attributes!)) {
      const [, name, value] = match;
      if (!(name! in IMAGE_PROPS) || value === undefined) return undefined;
      const prop = IMAGE_PROPS[name!];
      if (prop) props[prop] = value;
      end = ATTRIBUTE.lastIndex;
    }
    if (attributes!.slice(end).trim() !== '') return undefined;
    images.push(props);
  }
  return images;
}

/** HTML that begins and ends with a tag (an element, not a text React might separate). */
const TAGGED = /^<[a-z][\s\S]*>$/i;

export interface RenderedOnceCache {
  /**
   * `render()`, with the subtrees kept used and new ones taken from its HTML; `tree` names the
   * tree around them (the Vike page).
   */
  around(render: () => string, tree: string): string;
  readonly counts: { reused: number; rendered: number };
}

export function renderedOnceCache(): RenderedOnceCache {
  const token = randomBytes(9).toString('hex');
  const kept = new WeakMap<object, Map<string, { html: string; images: ReactElement[] }>>();
  let keptCount = 0;
  const seen = new WeakMap<object, Set<string>>();
  let seenCount = 0;
  /**
   * Keys of subtrees found not to keep (HTML that does not begin and end with a tag, images React
   * would not preload the same way): never captured again.
   */
  const refused = new Set<string>();
  /** The subtrees of the render under way, by their number in its markers. */
  let slots: Array<{ scope: object; key: string; reused: boolean }> = [];
  const counts = { reused: 0, rendered: 0 };
  let tree = '';
  const marker = (kind: string, slot: number, children: ReactElement[] = []) =>
    createElement('template', { 'data-rendered-once': `${token}:${kind}:${slot}` }, ...children);
  const markerHtml = (kind: string, slot: string, inner = '') =>
    `<template data-rendered-once="${token}:${kind}:${slot}">${inner}</template>`;
  // A custom element: its closing tag, unlike a <template>'s, is found in no subtree.
  const captureTag = `x-once-${token}`;
  const provided: RenderedOnce = (scope, subtree, element) => {
    // Hashed: a block's key holds its data, and thousands of keys are remembered.
    const key = createHash('sha1').update(tree).update('\u0000').update(subtree).digest('base64');
    const known = kept.get(scope)?.get(key);
    const slot = slots.push({ scope, key, reused: known !== undefined }) - 1;
    if (known) return marker('use', slot, known.images);
    const seenOf = seen.get(scope) ?? new Set<string>();
    seen.set(scope, seenOf);
    if (!seenOf.has(key)) {
      if (seenCount >= MAX_SEEN) return element;
      seenOf.add(key);
      seenCount++;
      return element;
    }
    if (keptCount >= MAX_KEPT || refused.has(key)) return element;
    return createElement(captureTag, { 'data-slot': slot }, element);
  };
  const USE = new RegExp(markerHtml('use', '(\\d+)', '(?:<img [^>]*>)*'), 'g');
  const CAPTURED = new RegExp(
    `<${captureTag} data-slot="(\\d+)">([\\s\\S]*?)</${captureTag}>`,
    'g',
  );
  const renderWithCache = (render: () => string) => {
    const global = globalThis as { [RENDERED_ONCE]?: RenderedOnce };
    global[RENDERED_ONCE] = provided;
    slots = [];
    try {
      return render();
    } finally {
      global[RENDERED_ONCE] = undefined;
    }
  };
  return {
    counts,
    around(render, treeName) {
      tree = treeName;
      let html = renderWithCache(render);
      if (!slots.length) return html;
      const slotOf = (number: string) => slots[Number(number)]!;
      // A captured subtree next to a text would have had React's separator (`<!-- -->`) from it:
      // the page is rendered again without capturing it.
      let again = false;
      for (const [, number, inner] of html.matchAll(CAPTURED))
        if (!TAGGED.test(inner!)) {
          refused.add(slotOf(number!).key);
          again = true;
        }
      if (again) html = renderWithCache(render);
      for (const slot of slots) counts[slot.reused ? 'reused' : 'rendered']++;
      html = html.replace(CAPTURED, (_, number: string, inner: string) => {
        const { scope, key } = slotOf(number);
        const images = imagesOf(inner);
        if (!images) {
          refused.add(key);
          return inner;
        }
        let ofScope = kept.get(scope);
        if (!ofScope) kept.set(scope, (ofScope = new Map()));
        if (!ofScope.has(key)) keptCount++;
        ofScope.set(key, {
          html: inner,
          images: images.map((props, index) => createElement('img', { key: index, ...props })),
        });
        return inner;
      });
      return html.replace(USE, (_, number: string) => {
        const { scope, key } = slotOf(number);
        return kept.get(scope)!.get(key)!.html;
      });
    },
  };
}
