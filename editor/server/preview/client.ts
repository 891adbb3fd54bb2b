/**
 * The preview page's own script (preview only; served by the editor, never part of the site's
 * build).
 * - a click on a block asks the editor to select its form; links do not navigate away from the page being edited;
 * - `highlight-block` scrolls to a block and outlines it;
 * - `refresh` fetches the page again (with the editor's latest unsaved text) and swaps <body> content and the head's
 *   styles in place: no flash, scroll position kept.
 */
import type { ParentToPreview, PreviewToParent } from '../../shared/api.ts';

const post = (message: PreviewToParent) => window.parent.postMessage(message, location.origin);
const revisionOf = (doc: Document) =>
  Number(doc.querySelector('meta[name="editor-draft-revision"]')?.getAttribute('content') ?? 0);
const staleOf = (doc: Document) =>
  doc.querySelector('meta[name="editor-preview-stale"]')?.getAttribute('content') ?? '';

let highlighted: number | undefined;
/** A block asked to be shown before it is on the page (just added): shown once it arrives. */
let scrollPending = false;

function highlight(index: number, scroll: boolean) {
  document
    .querySelectorAll('[data-editor-selected]')
    .forEach((element) => element.removeAttribute('data-editor-selected'));
  const block = document.querySelector(`[data-editor-block="${index}"]`);
  highlighted = index;
  if (scroll) scrollPending = !block;
  if (!block) return;
  block.setAttribute('data-editor-selected', '');
  if (scroll || scrollPending) {
    scrollPending = false;
    block.scrollIntoView({
      block: 'start',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }
}

document.addEventListener(
  'click',
  (event) => {
    const target = event.target as Element | null;
    if (target?.closest('a, button, summary, input, select, textarea')) event.preventDefault();
    const block = target?.closest('[data-editor-block]');
    if (!block) return;
    const index = Number(block.getAttribute('data-editor-block'));
    highlight(index, false);
    post({ type: 'select-block', index });
  },
  true,
);
document.addEventListener('submit', (event) => event.preventDefault(), true);

let pending: Promise<void> | undefined;
let again = false;
let blockHtml: string[] | undefined;
let shellHtml: string | undefined;

const stylesKeyOf = (doc: Document) =>
  doc.querySelector('meta[name="editor-styles"]')?.getAttribute('content') ?? '';
const currentBlocks = () => [...document.querySelectorAll('#root [data-editor-block]')];

/**
 * The whole page again (new stylesheets, e.g. after adding a block type): head styles and body
 * swapped.
 */
async function fullRefresh() {
  const response = await fetch(location.href, { credentials: 'same-origin', cache: 'no-store' });
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  const styleSelector = 'style, link[rel="stylesheet"], meta[name="editor-styles"]';
  const oldStyles = [...document.head.querySelectorAll(styleSelector)];
  next.head
    .querySelectorAll(styleSelector)
    .forEach((node) => document.head.appendChild(document.importNode(node, true)));
  oldStyles.forEach((node) => node.remove());
  document.title = next.title;
  const scroll = window.scrollY;
  document.body.replaceChildren(
    ...[...next.body.childNodes].map((node) => document.importNode(node, true)),
  );
  window.scrollTo(0, scroll);
  blockHtml = undefined;
  shellHtml = undefined;
  if (highlighted !== undefined) highlight(highlighted, false);
  const stale = staleOf(next);
  if (stale) post({ type: 'preview-stale', message: stale });
  post({ type: 'preview-updated', revision: revisionOf(next) });
}

/**
 * While typing: the body alone, and only the blocks whose HTML changed are replaced (typing in a
 * hero title touches one element, not the whole page). Anything else that changed (header, footer,
 * number of blocks) swaps the body.
 */
async function refresh() {
  const url = new URL(location.href);
  url.searchParams.set('fragment', '1');
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok || response.headers.get('x-editor-styles') !== stylesKeyOf(document))
    return fullRefresh();
  const html = await response.text();
  const template = document.createElement('template');
  template.innerHTML = html;
  const fresh = [...template.content.querySelectorAll('[data-editor-block]')];
  const freshHtml = fresh.map((element) => element.outerHTML);
  const shell = html.replace(/<main\b[\s\S]*<\/main>/, '');
  blockHtml ??= currentBlocks().map((element) => element.outerHTML);
  const root = document.getElementById('root')!;
  if (
    shellHtml !== undefined &&
    shell === shellHtml &&
    fresh.length === blockHtml.length &&
    fresh.length > 0
  ) {
    const live = currentBlocks();
    freshHtml.forEach((outer, index) => {
      if (outer !== blockHtml![index])
        live[index]!.replaceWith(document.importNode(fresh[index]!, true));
    });
  } else {
    const scroll = window.scrollY;
    root.replaceChildren(
      ...[...template.content.childNodes].map((node) => document.importNode(node, true)),
    );
    window.scrollTo(0, scroll);
  }
  blockHtml = freshHtml;
  shellHtml = shell;
  document.title = decodeURIComponent(response.headers.get('x-editor-title') ?? document.title);
  if (highlighted !== undefined) highlight(highlighted, false);
  const stale = response.headers.get('x-editor-preview-stale');
  if (stale) post({ type: 'preview-stale', message: decodeURIComponent(stale) });
  post({
    type: 'preview-updated',
    revision: Number(response.headers.get('x-editor-draft-revision') ?? 0),
  });
}

/**
 * One refresh at a time; a request that arrives meanwhile runs once after it, with the newest text.
 */
function scheduleRefresh() {
  if (pending) {
    again = true;
    return;
  }
  pending = refresh()
    .catch(() => undefined)
    .finally(() => {
      pending = undefined;
      if (again) {
        again = false;
        scheduleRefresh();
      }
    });
}

window.addEventListener('message', (event: MessageEvent<ParentToPreview>) => {
  if (event.origin !== location.origin || event.source !== window.parent) return;
  const message = event.data;
  if (message?.type === 'refresh') scheduleRefresh();
  else if (message?.type === 'highlight-block') highlight(message.index, true);
});

const stale = staleOf(document);
if (stale) post({ type: 'preview-stale', message: stale });
post({ type: 'preview-updated', revision: revisionOf(document) });
post({ type: 'preview-ready' });
