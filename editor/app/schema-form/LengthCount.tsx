import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LengthGuide } from '../../../schema/text-lengths.ts';

/**
 * A text field's count against its kind's length guide (schema/text-lengths.ts), under the input:
 * "42 / 70", in the warning's colour past it (the validator's warning then says why, beside the
 * field).
 */
export function withLengthCount(guide: LengthGuide | undefined, length: number, id: string) {
  if (!guide) return {};
  const over = length > guide.max;
  return {
    inputContainer: (input: ReactNode) => (
      <>
        {input}
        <Text
          id={`${id}-count`}
          size="xs"
          ta="right"
          mt={2}
          c={over ? 'var(--ed-warn)' : 'gray.7'}
          fw={over ? 700 : undefined}
          data-testid="length-count"
        >
          {length} / {guide.max}
          {over ? ` · longer than ${guide.kind} reads best` : ''}
        </Text>
      </>
    ),
  };
}
