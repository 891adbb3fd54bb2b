import type { IncomingMessage, ServerResponse } from 'node:http';
import { editorErrors } from './errors.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A browser opening a page (not a script calling the API): it is answered in words, not JSON. */
export const wantsPage = (req: IncomingMessage) =>
  req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

/**
 * The page a browser gets at an editor address without its key (or with the key of an earlier
 * run): what happened and what to do, in words (401, no script, nothing of the project).
 */
export function sendNoSessionPage(res: ServerResponse) {
  const { message, hint } = editorErrors.noSession();
  res.writeHead(401, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Open the editor from its address · Page editor</title>` +
      `<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2933;max-width:36rem;` +
      `margin:4rem auto;padding:0 1.25rem}h1{font-size:1.5rem;line-height:1.25}</style></head>` +
      `<body><main><h1>Open the editor from its address</h1>` +
      `<p>${escape(message)}</p><p>${escape(hint)}</p></main></body></html>`,
  );
}
