import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { UiIcon } from '../ui-icons.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type Tone = 'red' | 'orange' | 'green' | 'gray' | 'brand';

const tones: Record<Tone, { color: string; background: string }> = {
  red: { color: 'var(--ed-error)', background: '#fdecea' },
  orange: { color: 'var(--ed-warn)', background: '#fff1e0' },
  green: { color: 'var(--ed-ok)', background: '#e6f4ea' },
  gray: { color: '#374151', background: '#f1f3f5' },
  brand: { color: '#1e40af', background: '#eaf0ff' },
};

/**
 * A small status label: light background, dark text of the same hue (AA contrast), sentence case.
 */
export function Tag({
  tone,
  icon,
  children,
  ...props
}: { tone: Tone; icon?: ReactNode; children: ReactNode } & Omit<BadgeProps, 'color' | 'children'> &
  Record<`data-${string}`, string>) {
  return (
    <Badge
      variant="light"
      tt="none"
      fw={600}
      radius="sm"
      size="md"
      leftSection={icon}
      style={{ flex: '0 0 auto', ...tones[tone] }}
      {...props}
    >
      {children}
    </Badge>
  );
}

/** "2 errors" (red), "1 warning" (orange) or "No problems" (green) for a page or a block. */
export function ProblemBadge({
  errors,
  warnings,
  quiet = false,
}: {
  errors: number;
  warnings: number;
  quiet?: boolean;
}) {
  if (errors)
    return (
      <Tag tone="red" icon={<UiIcon name="alert" size={12} />} data-testid="problems-badge">
        {plural(errors, 'error')}
      </Tag>
    );
  if (warnings)
    return (
      <Tag tone="orange" icon={<UiIcon name="alert" size={12} />} data-testid="problems-badge">
        {plural(warnings, 'warning')}
      </Tag>
    );
  if (quiet) return null;
  return (
    <Tag tone="green" icon={<UiIcon name="check" size={12} />} data-testid="problems-badge">
      No problems
    </Tag>
  );
}

export { plural };

/**
 * Whether visitors see the page once it is published (Live) or not at all, even published (Draft).
 */
export function LiveTag({ draft }: { draft: boolean }) {
  return draft ? (
    <Tag tone="gray" data-testid="live-state">
      Draft
    </Tag>
  ) : (
    <Tag tone="green" data-testid="live-state">
      Live
    </Tag>
  );
}
