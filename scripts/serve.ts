/**
 * Serves the prerendered site in dist/client like a static host would: `/x` → x/index.html, unknown
 * paths → 404.html with status 404, headers from public/_headers when present, text gzip-compressed
 * when the client accepts it (as Netlify, Cloudflare Pages or nginx with `gzip on` do). `npm run
 * serve -- --help` lists its options.
 */
import {
  numberOption,
  readCommandLine,
  type CommandLine,
  type CommandSpec,
} from '../engine/command-line.ts';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import {
  answerClientError,
  isNoSuchName,
  malformedTarget,
  serverOptions,
  type ServerLimits,
} from '../engine/http-guard.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpeg': 'image/jpeg',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

/**
 * Parses a Netlify/Cloudflare-style `_headers` file: a path pattern line, then indented `Name:
 * value` lines.
 */
export function parseHeadersFile(
  text: string,
): Array<{ pattern: RegExp; headers: Record<string, string> }> {
  const rules: Array<{ pattern: RegExp; headers: Record<string, string> }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: {} });
    } else if (rules.length) {
      const index = line.indexOf(':');
      rules[rules.length - 1]!.headers[line.slice(0, index).trim()] = line.slice(index + 1).trim();
    }
  }
  return rules;
}

/**
 * The decoded path of a request, or undefined when it cannot be decoded (`/%`, `/%E0%A4%A`, a bare
 * `//host`).
 */
export function requestPath(raw: string | undefined): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(raw ?? '/', 'http://localhost').pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

/** `limits`: Node's limits where they differ from SERVER_LIMITS (tests shorten the timeouts). */
export function startServer(
  dir: string,
  port: number,
  limits: Partial<ServerLimits> = {},
): Promise<Server> {
  const headersFile = path.join(dir, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return plain(response, 405, 'Method not allowed: this server only sends files (GET, HEAD).');
    }
    const pathname = malformedTarget(request) ? undefined : requestPath(request.url);
    if (pathname === undefined)
      return plain(
        response,
        400,
        'Bad request: the address is not valid (a % must be followed by two hex digits of UTF-8).',
      );
    const candidates = [
      pathname,
      path.posix.join(pathname, 'index.html'),
      pathname.replace(/\/$/, '') + '.html',
    ];
    let file: string | undefined;
    for (const candidate of candidates) {
      const full = path.join(dir, path.posix.normalize(candidate));
      if (full.startsWith(dir) && isFile(full)) {
        file = full;
        break;
      }
    }
    const status = file ? 200 : 404;
    file ??= path.join(dir, '404.html');
    for (const rule of rules)
      if (rule.pattern.test(pathname))
        for (const [name, value] of Object.entries(rule.headers)) response.setHeader(name, value);
    response.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    if (pathname.startsWith('/assets/'))
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.statusCode = status;
    if (!existsSync(file)) return response.end('Not found');
    const compressible = /^(text\/|application\/(json|xml)|image\/svg)/.test(
      String(response.getHeader('Content-Type')),
    );
    if (compressible) response.setHeader('Vary', 'Accept-Encoding');
    // A file can disappear while it is sent (a rebuild while serving): that ends this response,
    // never the server.
    const source = createReadStream(file);
    const gzip =
      compressible && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
        ? createGzip({ level: 9 })
        : undefined;
    source.on('error', () => {
      gzip?.unpipe(response);
      if (response.headersSent) return response.destroy();
      response.removeHeader('Content-Encoding');
      response.statusCode = 503;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end('This file changed while it was being sent: reload the page.');
    });
    response.on('close', () => source.destroy());
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    (gzip ? source.pipe(gzip) : source).pipe(response);
  };
  const server = createServer(serverOptions(limits), (request, response) => {
    try {
      answer(request, response);
    } catch {
      // A request never ends the server: what failed is this answer (its details stay out of the
      // body).
      if (!response.headersSent) plain(response, 500, 'The server failed to answer this request.');
      else response.destroy();
    }
  });
  server.on('clientError', answerClientError);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Whether `file` is a file; a name that cannot exist (too long, a file on the way) is not one. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch (error) {
    if (isNoSuchName(error)) return false;
    throw error;
  }
}

function plain(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

export const SERVE_COMMAND = {
  usage: 'npm run serve --',
  summary:
    'Serves the built site (dist/client) on 127.0.0.1 like a static host: 404 page, _headers, gzip.',
  options: {
    port: { type: 'string', value: '<port>', help: 'the port (default: PORT, else 4173)' },
    dir: { type: 'string', value: '<dir>', help: 'the folder to serve (default: dist/client)' },
  },
} as const satisfies CommandSpec;

/** Serves the folder the command line names (`npm run serve`, and `npm start` after its build). */
export async function serveFromCommandLine(
  values: CommandLine<typeof SERVE_COMMAND>['values'],
): Promise<void> {
  const port = numberOption(SERVE_COMMAND, 'port', values.port, Number(process.env.PORT) || 4173);
  const dir = path.resolve(values.dir ?? 'dist/client');
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`Nothing to serve in ${dir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const server = await startServer(dir, port);
  const { port: listening } = server.address() as AddressInfo;
  console.log(`Serving ${path.relative(process.cwd(), dir)} at http://127.0.0.1:${listening}/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await serveFromCommandLine(readCommandLine(SERVE_COMMAND).values);
