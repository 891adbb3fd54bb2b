// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderBlock } from '../../tests/helpers/render-block.tsx';
import { definition } from './index.tsx';

afterEach(cleanup);

const css = readFileSync(path.join(import.meta.dirname, 'LogoMarquee.module.css'), 'utf8');

describe('logoMarquee block', () => {
  it('renders the 11 logos with their alt text, each 140 px wide', () => {
    const { container } = renderBlock('logoMarquee');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Trusted by hospitality teams',
    );
    const visible = container.querySelector('ul:not([aria-hidden])')!;
    const images = within(visible as HTMLElement).getAllByRole('img');
    expect(images).toHaveLength(11);
    expect(images[0]!.getAttribute('alt')).toBe('Harbor Hotels');
    expect(images.every((image) => image.getAttribute('width') === '140')).toBe(true);
  });

  it('repeats the row once for a seamless loop, hidden from assistive technology', () => {
    const { container } = renderBlock('logoMarquee');
    const rows = container.querySelectorAll('[data-marquee-track] > ul');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.getAttribute('aria-hidden')).toBe('true');
    expect(
      [...rows[1]!.querySelectorAll('img')].every((image) => image.getAttribute('alt') === ''),
    ).toBe(true);
    expect(screen.getAllByRole('img')).toHaveLength(11);
  });

  it('loops every 20 s by half the track, pauses on hover or its toggle, and stops for reduced motion', () => {
    const { container } = renderBlock('logoMarquee');
    expect(
      (container.querySelector('[data-logo-marquee]') as HTMLElement).style.getPropertyValue(
        '--marquee-duration',
      ),
    ).toBe('20s');
    expect(css).toMatch(/to \{ transform: translateX\(-50%\); \}/);
    expect(css).toMatch(/animation: marquee var\(--marquee-duration, 20s\) linear infinite/);
    expect(css).toMatch(
      /\.viewport:hover \.track,\s*\.marquee:has\(\.pauseInput:checked\) \.track \{ animation-play-state: paused; \}/,
    );
    expect(css).toMatch(/prefers-reduced-motion: reduce\) \{[^@]*\.track \{ animation: none/);
    expect(screen.getByRole('checkbox', { name: 'Pause logos' })).toBeTruthy();
  });

  it('needs no JavaScript', () => {
    expect(definition.isInteractive).toBeUndefined();
  });
});
