import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import os from 'node:os';
import fc from 'fast-check';

/**
 * Hostile HTTP requests for the property tests of the three servers, sent as bytes on a raw socket
 * (fetch and node:http would normalise or refuse most of them before sending), and the checks every
 * answer must pass.
 */

/**
 * How the client sends: all at once, in slow pieces, or closing the connection half way through.
 */
type Behaviour = { kind: 'whole' } | { kind: 'slow'; pieces: number } | { kind: 'cut'; at: number };

export interface RawRequest {
  method: string;
  target: string;
  headers: Array<[string, string]>;
  body: Buffer;
  behaviour: Behaviour;
}

export interface Answer {
  /** 0 when no status line came back. */
  status: number;
  head: string;
  body: string;
  /** The client gave up waiting (the server neither answered nor closed). */
  timedOut: boolean;
}

/**
 * The request as bytes: latin1, so that each character of a string is one byte on the wire
 * (0x00-0xff).
 */
function requestBytes(request: RawRequest): Buffer {
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\n` +
    request.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
    '\r\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), request.body]);
}

/** The bytes after any interim answers (`100 Continue`), which come before the real one. */
function afterInterim(data: Buffer): Buffer {
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 13).toString('latin1'))) {
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) break;
    data = data.subarray(end + 4);
  }
  return data;
}

/**
 * Whether `data` holds a whole answer (so the client can stop reading without waiting for the
 * close).
 */
function complete(whole: Buffer, method: string): boolean {
  const data = afterInterim(whole);
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = data.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  const body = data.subarray(end + 4);
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200))
    return true;
  if (/\r\ncontent-type: text\/event-stream/i.test(head)) return true;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return body.length >= Number(length[1]);
  if (/\r\ntransfer-encoding: *chunked/i.test(head))
    return body.includes('\r\n0\r\n\r\n') || body.subarray(0, 5).toString() === '0\r\n\r\n';
  return false;
}

/**
 * A well-formed request sent all at once: the normal requests the tests send besides the fuzzed
 * ones.
 */
export function wholeRequest(
  target: string,
  headers: Array<[string, string]>,
  options: { method?: string; body?: Buffer } = {},
): RawRequest {
  return {
    method: options.method ?? 'GET',
    target,
    headers,
    body: options.body ?? Buffer.alloc(0),
    behaviour: { kind: 'whole' },
  };
}

/**
 * The request with the placeholders of its header values (`{port}`, `{token}`: the first of each)
 * filled in, so that a generated request names the port and token of the process that answers it.
 */
export function withPlaceholders(request: RawRequest, values: Record<string, string>): RawRequest {
  return {
    ...request,
    headers: request.headers.map(([name, value]) => [
      name,
      Object.entries(values).reduce((text, [key, fill]) => text.replace(`{${key}}`, fill), value),
    ]),
  };
}

/** Sends one raw request and reads its answer (or notes that none came within `waitMs`). */
export function exchange(port: number, request: RawRequest, waitMs = 5_000): Promise<Answer> {
  const bytes = requestBytes(request);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data: Buffer = Buffer.alloc(0);
    let settled = false;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      data = afterInterim(data);
      const end = data.indexOf('\r\n\r\n');
      const head = data.subarray(0, end < 0 ? data.length : end).toString('latin1');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: end < 0 ? '' : data.subarray(end + 4).toString('utf8'),
        timedOut,
      });
    };
    const timer = setTimeout(() => finish(true), waitMs);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (complete(data, request.method)) finish(false);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    socket.on('connect', async () => {
      const { behaviour } = request;
      if (behaviour.kind === 'whole') return void socket.write(bytes, () => {});
      if (behaviour.kind === 'cut') {
        socket.write(bytes.subarray(0, Math.floor(bytes.length * behaviour.at)));
        await new Promise((wait) => setTimeout(wait, 5));
        return finish(false);
      }
      const size = Math.ceil(bytes.length / behaviour.pieces);
      for (let at = 0; at < bytes.length && !settled; at += size) {
        socket.write(bytes.subarray(at, at + size), () => {});
        await new Promise((wait) => setTimeout(wait, 3));
      }
    });
  });
}

const methods = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constant('HEAD') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'POST',
      'PUT',
      'DELETE',
      'OPTIONS',
      'PATCH',
      'TRACE',
      'CONNECT',
      'get',
      'BREW',
      '',
      'G\u00e9T',
    ),
  },
);

/** Every byte value (as a latin1 character), CR, LF and space included. */
const anyBytes = (maxLength: number) =>
  fc.uint8Array({ maxLength }).map((bytes) => Buffer.from(bytes).toString('latin1'));

const segment = (words: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...words) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E%2e%2f',
        '%',
        '%2',
        '%zz',
        '%00',
        '%2F',
        '%5c',
        '%C0%AF',
        '%E0%A4%A',
        '%ff',
        '%F0%9F%98%80',
        '\u00e9',
        '~',
        '',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: anyBytes(12) },
  );

/**
 * Request targets: made of the server's own words, dot segments and percent-encodings valid and
 * not, any byte, up to 64 KB.
 */
export function targets(words: string[], queries: Array<fc.Arbitrary<string>> = []) {
  const query = fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 20 }).map((text) => `?${text}`),
    ...queries.map((arbitrary) => arbitrary.map((text) => `?${text}`)),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.array(segment(words), { minLength: 0, maxLength: 6 }), query)
        .map(([parts, tail]) => `/${parts.join('/')}${tail}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(255, 256, 1_024, 4_097, 8_192, 16_385, 64 * 1024),
            fc.integer({ min: 200, max: 64 * 1024 }),
          ),
          fc.constantFrom('a', 'a', '%61', '/a', 'é'),
        )
        .map(([length, unit]) => `/${unit.repeat(Math.ceil(length / unit.length))}`),
    },
    { weight: 1, arbitrary: anyBytes(40).map((text) => `/${text}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('*', 'http://127.0.0.1/', '//evil.example/x', '', 'a'),
    },
  );
}

/** The Host header: the server's own (mostly), missing, duplicated, huge or not ASCII. */
function hostHeaders(host: string): fc.Arbitrary<Array<[string, string]>> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant<Array<[string, string]>>([['Host', host]]) },
    { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([]) },
    {
      weight: 1,
      arbitrary: fc.constant<Array<[string, string]>>([
        ['Host', host],
        ['Host', 'evil.example'],
      ]),
    },
    { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([['Host', 'h\u00f4te.example']]) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_000, max: 40_000 })
        .map((length): Array<[string, string]> => [['Host', 'a'.repeat(length)]]),
    },
  );
}

const knownHeaders = fc.constantFrom<[string, string]>(
  ['Accept-Encoding', 'gzip'],
  ['Accept', '*/*'],
  ['Cookie', 'editor_session=%'],
  ['Cookie', 'a=b; editor_session=x'],
  ['Origin', 'http://evil.example'],
  ['Sec-Fetch-Site', 'cross-site'],
  ['Range', 'bytes=0-10'],
  ['Range', 'bytes=99999999-'],
  ['If-None-Match', '*'],
  ['Expect', '100-continue'],
  ['Upgrade', 'websocket'],
  ['Connection', 'Upgrade'],
  ['Sec-WebSocket-Protocol', 'vite-hmr'],
  ['Transfer-Encoding', 'chunked'],
  ['Content-Length', '-1'],
  ['Content-Length', 'abc'],
  ['Content-Type', 'application/json'],
  ['X-Huge', 'x'.repeat(20_000)],
);
const randomHeaders = fc.tuple(
  fc.stringMatching(/^[A-Za-z-]{1,20}$/),
  anyBytes(30).map((text) => text.replace(/[\r\n]/g, ' ')),
);
/**
 * Other headers: none mostly (so that a request has one thing wrong more often than many), known
 * ones, random ones.
 */
const otherHeaders = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Array<[string, string]>>([]) },
  { weight: 2, arbitrary: fc.array(knownHeaders, { minLength: 1, maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(knownHeaders, randomHeaders), { minLength: 1, maxLength: 4 }),
  },
  {
    weight: 1,
    arbitrary: fc.constant<Array<[string, string]>>([
      ['Connection', 'Upgrade'],
      ['Upgrade', 'websocket'],
      ['Sec-WebSocket-Version', '13'],
      ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
    ]),
  },
);

/** Bodies: none, JSON of the right and the wrong shape, not JSON, truncated, any bytes. */
export function bodies(rightShapes: Array<fc.Arbitrary<unknown>> = []) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    ...rightShapes.map((arbitrary) => ({
      weight: 3,
      arbitrary: arbitrary.map((value) => JSON.stringify(value)),
    })),
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 40 })
        .map((text) => `{"path": ${JSON.stringify(text)}, "te`),
    },
    { weight: 1, arbitrary: anyBytes(200) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 64 * 1024 })
        .map((length) => `{"text":"${'x'.repeat(length)}"}`),
    },
  );
}

/** Whole requests mostly (with framing that matches the body), some slow, some closed half way. */
export function requests(options: {
  host: string;
  targets: fc.Arbitrary<string>;
  bodies: fc.Arbitrary<string>;
  extraHeaders?: fc.Arbitrary<Array<[string, string]>>;
}): fc.Arbitrary<RawRequest> {
  const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
    { weight: 8, arbitrary: fc.constant<Behaviour>({ kind: 'whole' }) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 2, max: 5 })
        .map((pieces): Behaviour => ({ kind: 'slow', pieces })),
    },
    {
      weight: 1,
      arbitrary: fc
        .double({ min: 0, max: 1, noNaN: true })
        .map((at): Behaviour => ({ kind: 'cut', at })),
    },
  );
  return fc
    .record({
      method: methods,
      target: options.targets,
      host: hostHeaders(options.host),
      extra: options.extraHeaders ?? fc.constant([]),
      other: otherHeaders,
      body: options.bodies,
      close: fc.boolean(),
      behaviour,
    })
    .map(({ method, target, host, extra, other, body, close, behaviour }) => {
      const bytes = Buffer.from(body, 'latin1');
      const framing: Array<[string, string]> = other.some(([name]) =>
        /^(content-length|transfer-encoding)$/i.test(name),
      )
        ? []
        : bytes.length
          ? [['Content-Length', String(bytes.length)]]
          : [];
      const headers: Array<[string, string]> = [
        ...host,
        ...extra,
        ...other,
        ...framing,
        ...(close ? [['Connection', 'close'] as [string, string]] : []),
      ];
      return { method, target, headers, body: bytes, behaviour };
    });
}

/** Absolute paths of this machine that no answer may hold. */
export function hostPaths(...roots: string[]): string[] {
  return [...roots, os.tmpdir(), os.homedir()].filter((folder) => folder.length > 1);
}

const STACK_LINE = /\n\s*at [^\n]*(\(|:\d+:\d+)/;

/**
 * What every answer to a fuzzed request must be: a status (or, for a request the client itself cut
 * short or left unfinished, none), no 5xx unless allowed, a short body for refusals, no stack trace
 * and no path of this machine.
 */
export function problemsOf(
  request: RawRequest,
  answer: Answer,
  options: { paths: string[]; allowed5xx?: number[]; pagePaths?: (body: string) => string },
): string[] {
  const problems: string[] = [];
  const unfinished =
    request.behaviour.kind === 'cut' ||
    request.headers.some(
      ([name, value]) =>
        /^(content-length|transfer-encoding)$/i.test(name) && value !== String(request.body.length),
    );
  if (!answer.status) {
    if (!unfinished && answer.timedOut) problems.push('no answer');
    return problems;
  }
  if (answer.status >= 500 && !(options.allowed5xx ?? []).includes(answer.status))
    problems.push(`status ${answer.status}`);
  const refusal = answer.status >= 400 && answer.status !== 404;
  if (refusal && answer.body.length > 1_000)
    problems.push(`a refusal of ${answer.body.length} bytes`);
  const text = options.pagePaths ? options.pagePaths(answer.body) : answer.body;
  if (STACK_LINE.test(text)) problems.push('a stack trace');
  for (const folder of options.paths)
    if (text.includes(folder) || answer.head.includes(folder)) problems.push(`the path ${folder}`);
  return problems;
}

/** A child process's output so far, and whether it is still running. */
function watch(child: ChildProcess): { output: () => string } {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { output: () => output };
}

/**
 * A server process for a property: started again before a run when a request ended it, so that
 * fast-check can shrink a request that kills the server (each smaller try meets a live server) and
 * report that request.
 */
export class ServerProcess {
  private running?: Awaited<ReturnType<typeof startProcess>>;
  /** What each process that ended printed. */
  readonly ended: string[] = [];

  constructor(private readonly start: () => Promise<Awaited<ReturnType<typeof startProcess>>>) {}

  get port(): number {
    return Number(this.running!.match[1]);
  }

  get output(): string {
    return this.running?.output() ?? '';
  }

  get alive(): boolean {
    return this.running?.child.exitCode === null && this.running.child.signalCode === null;
  }

  async ensureRunning() {
    if (this.running && this.alive) return;
    if (this.running) this.ended.push(this.running.output());
    this.running = await this.start();
  }

  stop() {
    this.running?.stop();
  }
}

/** Starts `node <args>` and waits until its output matches `ready`. */
export async function startProcess(
  args: string[],
  ready: RegExp,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<{
  child: ChildProcess;
  output: () => string;
  match: RegExpExecArray;
  stop: () => void;
}> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const { output } = watch(child);
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const started = Date.now();
  for (;;) {
    const match = ready.exec(output());
    if (match) return { child, output, match, stop };
    if (Date.now() - started > (options.timeoutMs ?? 60_000) || child.exitCode !== null) {
      stop();
      throw new Error(`${args.join(' ')} did not start:\n${output()}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
