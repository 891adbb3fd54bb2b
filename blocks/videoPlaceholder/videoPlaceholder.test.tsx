// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExample, renderBlock } from '../../tests/helpers/render-block.tsx';

describe('videoPlaceholder', () => {
  afterEach(cleanup);

  it('shows the title as h2, the description and a clearly labelled placeholder', () => {
    const { container } = renderBlock('videoPlaceholder');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Staylix AI guest chat in action' }),
    ).toBeTruthy();
    expect(screen.getByText(/answering guest questions on WhatsApp/)).toBeTruthy();
    const frame = container.querySelector('[data-video-placeholder]')!;
    expect(frame.textContent).toContain('Video coming soon');
    expect(screen.getByText(/Planned length:/).textContent).toBe('Planned length: 6 min');
  });

  it('is not a fake player: no buttons, links, video or iframe', () => {
    const { container } = renderBlock('videoPlaceholder');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.querySelector('video, iframe, [tabindex]')).toBeNull();
  });

  it('leaves out the duration when none is planned, and respects id and tone', () => {
    const { duration: _duration, ...block } = loadExample('videoPlaceholder');
    const { container } = renderBlock('videoPlaceholder', { ...block, tone: 'muted' });
    expect(screen.queryByText(/Planned length/)).toBeNull();
    const section = container.querySelector('section')!;
    expect(section.id).toBe('video');
    expect(section.className).toContain('muted');
    expect(section.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { level: 2 }).id,
    );
  });
});
