import type { FieldPath } from '../../shared/api.ts';
import { pathKey } from '../schema-form/context.tsx';
import { quoted } from '../schema-form/store.ts';

/**
 * Scrolls to the field a path is about (or its nearest rendered parent) and puts the focus in it.
 * Runs after the next paint, so a block opened for it has rendered.
 */
export function revealField(path: FieldPath) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      for (let length = path.length; length > 0; length--) {
        const element = document.querySelector<HTMLElement>(
          `[data-testid="field-${quoted(pathKey(path.slice(0, length)))}"]`,
        );
        if (!element) continue;
        element.scrollIntoView({ block: 'center', behavior: 'smooth' });
        const target = element.matches('input, textarea, button, [tabindex]')
          ? element
          : element.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button');
        target?.focus({ preventScroll: true });
        return;
      }
    }),
  );
}
