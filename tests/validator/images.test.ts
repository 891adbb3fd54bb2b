import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestSite, type TestSite } from './test-site.ts';

/**
 * Images in the validator: every problem with an image, at the line and column of its `src` (or
 * `alt`), with the catalogue's message. The fixture page's hero gets an image; the files are
 * written into the copy's public/.
 */
let site: TestSite;
const error = (at: string, code: string, message: string) => ({
  at,
  severity: 'error',
  code,
  message,
});

/** The fixture's hero with `media` (line 11): src on line 12, alt on line 13, both at column 12. */
const heroMedia = (src: string, alt = 'The Staylix dashboard', extra = ''): [string, string] => [
  '      - { label: See the platform, href: /platform, variant: secondary }\n',
  `      - { label: See the platform, href: /platform, variant: secondary }\n    media:\n      src: ${src}\n      alt: ${alt}\n${extra}`,
];
/** A testimonial photo on the first quote (line 104): src on line 105, alt on line 106. */
const testimonialPhoto = (src: string, alt: string): [string, string] => [
  '        business: Boutique hotel, 40 rooms\n',
  `        business: Boutique hotel, 40 rooms\n        photo:\n          src: ${src}\n          alt: ${alt}\n`,
];
const hint = (code: string) => site.diagnostics().find((d) => d.code === code)?.hint;

beforeAll(async () => {
  site = makeTestSite();
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3b6ef6' } })
      .png()
      .toBuffer();
  site.writeBytes('public/images/wide.png', await png(1200, 750));
  site.writeBytes('public/images/narrow.png', await png(600, 375));
  site.writeBytes('public/images/face.png', await png(160, 160));
  // A phone photo: 4000 × 3000 of noise is about 4 MB as a JPEG.
  site.writeBytes(
    'public/images/phone.jpg',
    await sharp({
      create: {
        width: 2600,
        height: 1950,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
  site.write('public/images/notes.png', 'These are notes, not a picture.\n');
  site.writeBytes(
    'public/images/cut.jpg',
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]),
  );
  site.write(
    'public/images/sizeless.svg',
    '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
  );
}, 30_000);
afterAll(() => site.cleanUp());
beforeEach(() => site.writeFixture());

describe('image files', () => {
  it('accepts an image that exists, is readable and is wide enough for its slot', () => {
    site.writeFixture(heroMedia('/images/wide.png'));
    expect(site.problems()).toEqual([]);
  });

  it('reports a missing file at its src, with the closest file name', () => {
    site.writeFixture(heroMedia('/images/wdie.png'));
    expect(site.problems()).toEqual([
      error('12:12', 'missing-image', 'Image "/images/wdie.png" does not exist in public/.'),
    ]);
    expect(hint('missing-image')).toBe(
      'Did you mean "/images/wide.png"? Add the file as public/images/wdie.png or fix the path.',
    );
  });

  it('reports a path with ".." as an error, never skipping it (even if the file exists)', () => {
    site.writeFixture(heroMedia('/images/../images/wide.png'));
    expect(site.problems()).toEqual([
      error(
        '12:12',
        'image-path-outside',
        'Image "/images/../images/wide.png" contains "..": an image must be a file inside public/.',
      ),
    ]);
    expect(hint('image-path-outside')).toBe(
      'Write the path from the public/ folder without "..": public/images/photo.jpg is /images/photo.jpg.',
    );
  });

  it('reports ".." in a social image and in a logo too', () => {
    site.writeFixture(
      [
        'description: Staylix gives',
        'socialImage: /../site.config.png\ndescription: Staylix gives',
      ],
      [
        '  - type: ctaBand',
        '  - type: logoMarquee\n    heading: Trusted by\n    logos:\n      - { src: /logos/../logo.svg, alt: Staylix logo }\n\n  - type: ctaBand',
      ],
    );
    expect(site.problems()).toEqual([
      error(
        '2:14',
        'image-path-outside',
        'Image "/../site.config.png" contains "..": an image must be a file inside public/.',
      ),
      error(
        '112:16',
        'image-path-outside',
        'Image "/logos/../logo.svg" contains "..": an image must be a file inside public/.',
      ),
    ]);
  });

  it('reports a file that is not an image', () => {
    site.writeFixture(heroMedia('/images/notes.png'));
    expect(site.problems()).toEqual([
      error(
        '12:12',
        'image-unsupported',
        'public/images/notes.png is not a PNG, JPEG, WebP, AVIF or SVG image.',
      ),
    ]);
    expect(hint('image-unsupported')).toMatch(/^Open it in an image editor and export it as JPEG/);
  });

  it('reports a damaged image', () => {
    site.writeFixture(heroMedia('/images/cut.jpg'));
    expect(site.problems()).toEqual([
      error(
        '12:12',
        'image-unreadable',
        'public/images/cut.jpg cannot be read as an image: the file is damaged or cut short.',
      ),
    ]);
  });

  it('reports an SVG without a size', () => {
    site.writeFixture(heroMedia('/images/sizeless.svg'));
    expect(site.problems()).toEqual([
      error(
        '12:12',
        'svg-without-size',
        'The SVG public/images/sizeless.svg has no size: its <svg> element has neither width and height nor a viewBox.',
      ),
    ]);
  });
});

describe('image sizes', () => {
  it('reports an image narrower than its slot needs, naming the slot', () => {
    site.writeFixture(heroMedia('/images/narrow.png'));
    expect(site.problems()).toEqual([
      error(
        '12:12',
        'image-too-small',
        'Image "/images/narrow.png" is 600 px wide; the hero image under the headline needs at least 1040 px, or it looks blurred.',
      ),
    ]);
    expect(hint('image-too-small')).toBe(
      'Use a larger version of the image (1040 px wide or more; twice that is sharp on phones and retina screens).',
    );
  });

  it('measures the slot the image is in: beside the headline needs less than under it', () => {
    site.writeFixture(
      heroMedia('/images/narrow.png', 'The Staylix dashboard', '      position: beside\n'),
    );
    expect(site.problems()).toEqual([
      error(
        '12:12',
        'image-too-small',
        'Image "/images/narrow.png" is 600 px wide; the hero image beside the headline needs at least 640 px, or it looks blurred.',
      ),
    ]);
    site.writeFixture(
      heroMedia('/images/wide.png', 'The Staylix dashboard', '      position: beside\n'),
    );
    expect(site.problems()).toEqual([]);
  });

  it('warns about a huge original, with its size', () => {
    site.writeFixture(heroMedia('/images/phone.jpg'));
    const [problem] = site.problems();
    expect(site.problems()).toHaveLength(1);
    expect(problem).toMatchObject({ at: '12:12', severity: 'warning', code: 'image-too-heavy' });
    expect(problem!.message).toMatch(
      /^Image "\/images\/phone\.jpg" is [3-9]\.\d MB \(2600 × 1950 px\)\. Visitors get small copies/,
    );
    expect(hint('image-too-heavy')).toBe(
      'Save it at most 2400 px wide as a JPEG of quality 80 (a few hundred KB): it looks the same on the site.',
    );
  });
});

describe('alt text', () => {
  it('requires alt on a hero image', () => {
    site.writeFixture([
      '      - { label: See the platform, href: /platform, variant: secondary }\n',
      '      - { label: See the platform, href: /platform, variant: secondary }\n    media:\n      src: /images/wide.png\n',
    ]);
    expect(site.problems()).toEqual([
      error(
        '11:5',
        'missing-alt-text',
        'The image "/images/wide.png" in "media" has no alt text: "alt" is required.',
      ),
    ]);
  });

  it('refuses an empty alt where the block does not allow decoration', () => {
    site.writeFixture(heroMedia('/images/wide.png', '""'));
    expect(site.problems()).toEqual([
      error(
        '13:12',
        'empty-alt-text',
        'The image "/images/wide.png" has empty alt text: "alt" is required.',
      ),
    ]);
  });

  it('accepts alt: "" where the block says the image may only decorate (a testimonial photo)', () => {
    site.writeFixture(testimonialPhoto('/images/face.png', '""'));
    expect(site.problems()).toEqual([]);
  });

  it('still requires the alt line itself on a decorative image', () => {
    site.writeFixture([
      '        business: Boutique hotel, 40 rooms\n',
      '        business: Boutique hotel, 40 rooms\n        photo: { src: /images/face.png }\n',
    ]);
    expect(site.problems()).toEqual([
      error(
        '104:9',
        'missing-alt-text',
        'The image "/images/face.png" in "photo" has no alt text: "alt" is required.',
      ),
    ]);
  });
});
