import { blockScheduler, desktop, expect, phone, test } from './support.ts';

/**
 * Motion (site-spec §9): the cards' staggered fade-in and the logo marquee, and both without
 * motion.
 */

test.describe('cards fade in', () => {
  test.use({ viewport: desktop });

  test('staggered by 0.05 s per item, and visible in the end', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/');
    const cards = page.locator('.fade-in');
    expect(await cards.count()).toBeGreaterThan(3);
    const timing = await cards.evaluateAll((elements) =>
      elements.slice(0, 3).map((element) => {
        const style = getComputedStyle(element);
        return {
          name: style.animationName,
          delay: style.animationDelay,
          index: (element as HTMLElement).style.getPropertyValue('--stagger-index'),
        };
      }),
    );
    for (const item of timing) {
      expect(item.name).toBe('fade-in');
      expect(Number.parseFloat(item.delay)).toBeCloseTo(Number(item.index) * 0.05, 5);
    }
    expect(new Set(timing.map((item) => item.delay)).size).toBeGreaterThan(1);
    await expect
      .poll(() => cards.first().evaluate((element) => getComputedStyle(element).opacity))
      .toBe('1');
  });

  test('no motion and fully visible under prefers-reduced-motion, and without JavaScript', async ({
    pageWith,
  }) => {
    // Two pages, every card of each read: 24 s alone on a busy machine, near the default limit.
    test.slow();
    for (const options of [{ reducedMotion: 'reduce' as const }, { javaScriptEnabled: false }]) {
      const page = await pageWith({ viewport: desktop, ...options }, 'abort');
      await page.goto('/');
      const styles = await page
        .locator('.fade-in')
        .evaluateAll((elements) => elements.map((element) => getComputedStyle(element)));
      expect(styles.length).toBeGreaterThan(3);
      if (options.reducedMotion) {
        const names = await page
          .locator('.fade-in')
          .evaluateAll((elements) =>
            elements.map((element) => [
              getComputedStyle(element).animationName,
              getComputedStyle(element).opacity,
            ]),
          );
        expect(new Set(names.map(([name, opacity]) => `${name}/${opacity}`))).toEqual(
          new Set(['none/1']),
        );
      } else {
        await expect
          .poll(() =>
            page
              .locator('.fade-in')
              .evaluateAll((elements) =>
                elements.every((element) => getComputedStyle(element).opacity === '1'),
              ),
          )
          .toBe(true);
      }
    }
  });
});

test.describe('logo marquee', () => {
  test.use({ viewport: desktop });

  test('11 logos of 140 px in a seamless 20 s loop, paused on hover and by its toggle', async ({
    page,
  }) => {
    await blockScheduler(page);
    await page.goto('/');
    const marquee = page.locator('[data-logo-marquee]');
    await marquee.scrollIntoViewIfNeeded();
    const rows = marquee.locator('[data-marquee-track] > ul');
    await expect(rows).toHaveCount(2);
    const logos = rows.first().getByRole('img');
    await expect(logos).toHaveCount(11);
    for (const box of await logos.evaluateAll((images) =>
      images.map((image) => (image as HTMLElement).offsetWidth),
    ))
      expect(box).toBe(140);
    await expect(rows.nth(1)).toHaveAttribute('aria-hidden', 'true');
    expect(
      await logos.evaluateAll((images) =>
        images.every(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    ).toBe(true);

    const track = marquee.locator('[data-marquee-track]');
    const animation = await track.evaluate((element) => {
      const style = getComputedStyle(element);
      const [running] = element.getAnimations();
      const keyframes = (running!.effect as KeyframeEffect).getKeyframes();
      const rows = element.querySelectorAll('ul');
      return {
        duration: style.animationDuration,
        iterations: style.animationIterationCount,
        timing: style.animationTimingFunction,
        state: style.animationPlayState,
        last: keyframes.at(-1)!.transform,
        trackWidth: (element as HTMLElement).offsetWidth,
        rowWidths: [...rows].map((row) => row.offsetWidth),
      };
    });
    expect(animation).toMatchObject({
      duration: '20s',
      iterations: 'infinite',
      timing: 'linear',
      state: 'running',
    });
    expect(animation.last).toMatch(/^translateX?\(-50%\)$/);
    // Seamless: the track is exactly two identical rows, so -50% lands on the start of the copy.
    expect(animation.rowWidths[0]).toBe(animation.rowWidths[1]);
    expect(animation.trackWidth).toBe(animation.rowWidths[0]! * 2);

    const state = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
    const row = await marquee.locator('[data-marquee-track]').boundingBox();
    await page.mouse.move(640, row!.y + row!.height / 2);
    await expect.poll(state).toBe('paused');
    await page.mouse.move(5, 5);
    await expect.poll(state).toBe('running');
    await page.getByRole('checkbox', { name: 'Pause logos' }).check();
    await expect.poll(state).toBe('paused');
    await page.getByRole('checkbox', { name: 'Pause logos' }).uncheck();
    await expect.poll(state).toBe('running');
  });

  test('static, wrapped and without the copy under prefers-reduced-motion', async ({
    pageWith,
  }) => {
    const page = await pageWith({ viewport: phone, reducedMotion: 'reduce' }, 'abort');
    await page.goto('/');
    const track = page.locator('[data-marquee-track]');
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await expect(track.locator('ul').nth(1)).toBeHidden();
    const images = track.locator('ul').first().getByRole('img');
    await expect(images).toHaveCount(11);
    const right = await images.evaluateAll((elements) =>
      Math.max(...elements.map((element) => element.getBoundingClientRect().right)),
    );
    expect(right).toBeLessThanOrEqual(390);
    await expect(page.getByRole('checkbox', { name: 'Pause logos' })).toBeHidden();
  });
});
