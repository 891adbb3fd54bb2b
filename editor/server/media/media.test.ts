import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaResponse, UploadedImage } from '../../shared/api.ts';
import { startEditorServer, type EditorServer } from '../server.ts';

/**
 * Images from the author's computer, over real HTTP against a running editor on a copy of the
 * site: each image made by sharp in the test, each answer read back from the disk with sharp.
 */
const projectRoot = path.resolve(import.meta.dirname, '../../..');
let root: string;
let server: EditorServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'editor-media-'));
  for (const entry of ['pages', 'public', 'site.config.yaml'])
    cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{}\n');
  server = await startEditorServer({
    root,
    port: 0,
    token: 'media-token-0123456789',
    watch: false,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of several shapes
  body: any;
}

function send(
  method: string,
  url: string,
  body?: Buffer | string,
  options: { headers?: Record<string, string>; chunked?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-editor-token': server.token,
    ...options.headers,
  };
  if (body !== undefined && !options.chunked) headers['content-length'] = String(body.length);
  if (body !== undefined) headers['content-type'] = 'application/octet-stream';
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method, path: url, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined && options.chunked) {
      // Sent in pieces, with no length said up front.
      const piece = 1024 * 1024;
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length; at += piece) req.write(bytes.subarray(at, at + piece));
      req.end();
    } else req.end(body);
  });
}

const upload = (name: string, bytes: Buffer | string, formats?: string) =>
  send(
    'POST',
    `/api/images?name=${encodeURIComponent(name)}${formats ? `&formats=${formats}` : ''}`,
    bytes,
  );

const picture = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } });
const imagesOnDisk = () => readdirSync(path.join(root, 'public/images')).sort();
const onDisk = (file: string) => readFileSync(path.join(root, file));

describe('POST /api/images: what is accepted, found by decoding', () => {
  it.each([
    ['jpeg', 'jpg'],
    ['png', 'png'],
    ['webp', 'webp'],
    ['avif', 'avif'],
  ] as const)('a %s image is stored as %s in public/images', async (format, extension) => {
    const bytes = await picture().toFormat(format).toBuffer();
    const answer = await upload(`Lobby ${format}.${extension}`, bytes);
    expect(answer.status).toBe(201);
    const added = answer.body as UploadedImage;
    expect(added).toMatchObject({
      src: `/images/lobby-${format}.${extension}`,
      file: `public/images/lobby-${format}.${extension}`,
      format,
      width: 64,
      height: 48,
    });
    const stored = onDisk(added.file);
    expect(added.bytes).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('an added image is served at once (for the preview and thumbnails), sandboxed', async () => {
    const bytes = await picture().png().toBuffer();
    const added = (await upload('fresh.png', bytes)).body as UploadedImage;
    const served = await new Promise<{ status: number; type?: string; csp?: string; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: added.src,
            headers: { cookie: `editor_session=${server.token}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: res.headers['content-type'],
                csp: String(res.headers['content-security-policy']),
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.csp).toContain('sandbox');
    expect(served.body.equals(onDisk(added.file))).toBe(true);
  });

  it('a still GIF is stored as PNG (no image field of the site takes GIF)', async () => {
    const answer = await upload('spinner.gif', await picture().gif().toBuffer());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ src: '/images/spinner.png', format: 'png' });
    expect((await sharp(onDisk('public/images/spinner.png')).metadata()).format).toBe('png');
  });

  it('a PNG named .jpg is taken as the PNG it is, and named .png', async () => {
    const answer = await upload('renamed.jpg', await picture().png().toBuffer());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ src: '/images/renamed.png', format: 'png' });
  });
});

describe('POST /api/images: what is refused, in words, with nothing written', () => {
  const refused = async (answer: Answer, status: number, code: string) => {
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.message).not.toMatch(/\/tmp|editor-media-|\bat \w+ \(/);
  };

  it('an SVG drawing (it can carry script)', async () => {
    const before = imagesOnDisk();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await refused(await upload('logo.png', svg), 415, 'image-svg');
    expect(imagesOnDisk()).toEqual(before);
  });

  it('a text file named .png', async () => {
    const answer = await upload('notes.png', 'Meeting notes, not a picture.\n');
    await refused(answer, 415, 'image-not-an-image');
    expect(answer.body.error.message).toBe('"notes.png" is not an image the site can show.');
  });

  it('a TIFF, named after the format browsers do not show', async () => {
    const answer = await upload('scan.tif', await picture().tiff().toBuffer());
    await refused(answer, 415, 'image-format');
    expect(answer.body.error.message).toContain('TIFF');
  });

  it('over 20 MB, said up front or found while reading', async () => {
    const before = imagesOnDisk();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 1);
    await refused(await upload('huge.jpg', big), 413, 'image-too-large');
    const chunked = await send('POST', '/api/images?name=huge.jpg', big, { chunked: true });
    await refused(chunked, 413, 'image-too-large');
    expect(imagesOnDisk()).toEqual(before);
  });

  it('over 50 megapixels (read from the header: nothing is decoded)', async () => {
    // A PNG header saying 8,000 × 7,000 pixels (56 megapixels).
    const png = await picture(8, 7).png().toBuffer();
    png.writeUInt32BE(8000, 16);
    png.writeUInt32BE(7000, 20);
    const answer = await upload('poster.png', png);
    await refused(answer, 413, 'image-too-many-pixels');
    expect(answer.body.error.message).toContain('8,000 × 7,000 pixels (56 megapixels)');
  });

  it('an animated GIF or WebP: no image place of the site plays an animation', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((colour) =>
        sharp({ create: { width: 20, height: 20, channels: 4, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = sharp(frames, { join: { animated: true } });
    const gif = await upload('dance.gif', await animated.clone().gif({ delay: 100 }).toBuffer());
    await refused(gif, 422, 'image-animated');
    expect(gif.body.error.message).toContain('3 frames');
    const webp = await upload('dance.webp', await animated.clone().webp({ delay: 100 }).toBuffer());
    await refused(webp, 422, 'image-animated');
  });

  it("a format the field does not take (an AVIF for a social card's PNG, JPEG or WebP)", async () => {
    const answer = await upload('card.avif', await picture().avif().toBuffer(), 'png,jpeg,webp');
    await refused(answer, 422, 'image-not-for-field');
    expect(answer.body.error.message).toBe(
      'This field takes PNG, JPEG or WebP images; "card.avif" is AVIF.',
    );
  });

  it('without the session token, or from another site', async () => {
    const bytes = await picture().png().toBuffer();
    const noToken = await send('POST', '/api/images?name=a.png', bytes, {
      headers: { 'x-editor-token': 'wrong' },
    });
    expect(noToken.status).toBe(401);
    const foreign = await send('POST', '/api/images?name=a.png', bytes, {
      headers: { origin: 'https://attacker.example' },
    });
    expect(foreign.status).toBe(403);
    expect(existsSync(path.join(root, 'public/images/a.png'))).toBe(false);
  });
});

describe('POST /api/images: what is stored', () => {
  it('no EXIF, GPS position or camera; the orientation applied', async () => {
    // 40 × 20 pixels stored sideways (EXIF orientation 6: shown turned a quarter, 20 × 40).
    const photo = await picture(40, 20)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Canon', Model: 'EOS R5' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.toString('latin1')).toContain('Canon');
    expect(sent.orientation).toBe(6);
    const answer = await upload('IMG_0042.JPG', photo);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ src: '/images/img-0042.jpg', width: 20, height: 40 });
    const stored = onDisk('public/images/img-0042.jpg');
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(stored.toString('latin1')).not.toMatch(/Canon|EOS R5|GPS/);
  });

  it('a readable name, unique: -2, -3…, whatever the case of the names on disk', async () => {
    writeFileSync(path.join(root, 'public/images/Harbor-View.jpg'), 'taken');
    server.site.refresh('public/images/Harbor-View.jpg');
    const bytes = await picture().jpeg().toBuffer();
    const first = await upload('Harbor View (Ünïcode).jpeg', bytes);
    expect(first.body.src).toBe('/images/harbor-view-unicode.jpg');
    const names = [];
    for (let i = 0; i < 2; i++) names.push((await upload('Harbor View.jpg', bytes)).body.src);
    expect(names).toEqual(['/images/harbor-view-2.jpg', '/images/harbor-view-3.jpg']);
    expect(readFileSync(path.join(root, 'public/images/Harbor-View.jpg'), 'utf8')).toBe('taken');
  });

  it('a name is never a path: folders and ".." in it are dropped', async () => {
    const bytes = await picture().png().toBuffer();
    const names = ['../../pages/evil.png', '..\\..\\site.config.png', '/etc/passwd', '....', ''];
    const stored = [];
    for (const name of names) {
      const answer = await upload(name, bytes);
      expect(answer.status).toBe(201);
      stored.push(answer.body.file);
    }
    expect(stored).toEqual([
      'public/images/evil.png',
      'public/images/site-config.png',
      'public/images/passwd.png',
      'public/images/image.png',
      'public/images/image-2.png',
    ]);
    expect(existsSync(path.join(root, 'pages/evil.png'))).toBe(false);
  });
});

describe('GET /api/media and DELETE /api/images', () => {
  const media = async () => (await send('GET', '/api/media')).body as MediaResponse;

  it('lists every image in public/ with its size in bytes and pixels and the pages using it', async () => {
    const { images } = await media();
    const logo = images.find((image) => image.src === '/logos/harbor-hotels.svg');
    expect(logo).toMatchObject({ file: 'public/logos/harbor-hotels.svg' });
    expect(logo!.bytes).toBe(onDisk('public/logos/harbor-hotels.svg').length);
    expect(logo!.width).toBeGreaterThan(0);
    expect(logo!.usedBy.map((user) => user.file)).toEqual(
      expect.arrayContaining(['pages/index.yaml', 'pages/de/index.yaml']),
    );
    expect(logo!.usedBy.find((user) => user.file === 'pages/index.yaml')).toEqual({
      file: 'pages/index.yaml',
      route: '/',
      title: 'Staylix: The AI-Powered PMS That Talks to Your Guests',
    });
    const social = images.find((image) => image.src === '/social/default.png');
    expect(social?.usedBy).toContainEqual({ file: 'site.config.yaml', title: 'Site settings' });
    const lobby = images.find((image) => image.src === '/images/lobby-png.png');
    expect(lobby).toMatchObject({ width: 64, height: 48, usedBy: [] });
    expect(images.some((image) => image.src === '/_headers')).toBe(false);
  });

  it('refuses to remove an image a page uses, naming the pages; the file stays', async () => {
    const answer = await send('DELETE', '/api/images?src=/logos/harbor-hotels.svg');
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('image-in-use');
    expect(answer.body.error.message).toMatch(/^\/logos\/harbor-hotels\.svg is used on 3 pages \(/);
    expect(answer.body.error.message).toContain('/de');
    expect(answer.body.usedBy.length).toBeGreaterThan(0);
    expect(existsSync(path.join(root, 'public/logos/harbor-hotels.svg'))).toBe(true);
  });

  it('an image chosen in unsaved text is in use too', async () => {
    const file = 'pages/pricing.yaml';
    const text = readFileSync(path.join(root, file), 'utf8');
    await send(
      'POST',
      '/api/check',
      JSON.stringify({ path: file, text: `${text}socialImage: /images/lobby-webp.webp\n` }),
      { headers: { 'content-type': 'application/json' } },
    );
    const answer = await send('DELETE', '/api/images?src=/images/lobby-webp.webp');
    expect(answer.status).toBe(409);
    expect(answer.body.usedBy).toEqual([expect.objectContaining({ file })]);
    await send('POST', '/api/check', JSON.stringify({ path: file, text }), {
      headers: { 'content-type': 'application/json' },
    });
  });

  it('removes an unused image', async () => {
    const answer = await send('DELETE', '/api/images?src=/images/lobby-png.png');
    expect(answer).toEqual({ status: 200, body: { removed: '/images/lobby-png.png' } });
    expect(existsSync(path.join(root, 'public/images/lobby-png.png'))).toBe(false);
    expect((await media()).images.some((image) => image.src === '/images/lobby-png.png')).toBe(
      false,
    );
  });

  it('removes nothing but images, and nothing outside public/', async () => {
    expect((await send('DELETE', '/api/images?src=/_headers')).status).toBe(400);
    const traversal = await send('DELETE', '/api/images?src=/../pages/index.png');
    expect(traversal.status).toBe(403);
    expect((await send('DELETE', '/api/images?src=/images/none.png')).status).toBe(404);
  });
});
