import { describe, expect, it } from 'vitest';
import { Presence } from './presence.ts';

describe('presence', () => {
  const anna = { email: 'Anna@example.com', name: 'Anna Ruiz' };
  const lena = { email: 'lena@example.com', name: 'Lena Berg' };

  it('names the others who have the same page open, until they are not heard from', () => {
    let clock = 0;
    const presence = new Presence(() => clock, 30_000);
    expect(presence.here('pages/pricing.yaml', anna)).toEqual([]);
    expect(presence.here('pages/pricing.yaml', lena)).toEqual(['Anna Ruiz']);
    expect(presence.here('pages/contact.yaml', { ...anna, email: 'anna@example.com' })).toEqual([]);
    clock = 20_000;
    expect(presence.here('pages/pricing.yaml', { ...anna, email: 'anna@EXAMPLE.com' })).toEqual([
      'Lena Berg',
    ]);
    clock = 45_000;
    // Lena was last heard from at 0: gone.
    expect(presence.here('pages/pricing.yaml', anna)).toEqual([]);
  });

  it('follows pages only, never another string a request sends', () => {
    const presence = new Presence();
    for (const file of ['../etc/passwd', 'pages/../x.yaml', 'public/a.png', 42, 'x'.repeat(400)])
      expect(presence.here(file, anna)).toBeUndefined();
  });
});
