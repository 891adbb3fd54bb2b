import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageBaseName, imageNames } from './file-name.ts';

describe('the name an added image gets', () => {
  it('is readable: from the file name, without its folders and extension', () => {
    expect(imageBaseName('Harbor View (2).JPG')).toBe('harbor-view-2');
    expect(imageBaseName('C:\\Users\\ana\\Desktop\\Café Terrasse.jpeg')).toBe('cafe-terrasse');
    expect(imageBaseName('../../pages/index.png')).toBe('index');
    expect(imageBaseName('.png')).toBe('image');
    expect(imageBaseName('写真.jpg')).toBe('image');
  });

  it('any name gives a safe one: a–z, 0–9 and single dashes, at most 60 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (given) => {
        const base = imageBaseName(given);
        expect(base).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(base.length).toBeLessThanOrEqual(60);
      }),
      { seed: 43, numRuns: 300 },
    );
  });

  it('collisions get -2, -3…', () => {
    const names = imageNames('lobby', 'jpg');
    expect([1, 2, 3].map(() => names.next().value)).toEqual([
      'lobby.jpg',
      'lobby-2.jpg',
      'lobby-3.jpg',
    ]);
  });
});
