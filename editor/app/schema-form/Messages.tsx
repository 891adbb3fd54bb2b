import { Stack, Text } from '@mantine/core';
import type { EditorDiagnostic } from '../../shared/api.ts';

/**
 * The validator's messages for one field, with the catalogue's words and hints, as the field's
 * error text.
 */
export function Messages({ diagnostics }: { diagnostics: EditorDiagnostic[] }) {
  if (!diagnostics.length) return null;
  return (
    <Stack gap={2} component="span" style={{ display: 'flex' }}>
      {diagnostics.map((d, i) => (
        <Text
          key={i}
          component="span"
          size="xs"
          c={d.severity === 'error' ? 'var(--ed-error)' : 'var(--ed-warn)'}
          data-testid="field-message"
          data-severity={d.severity}
        >
          {d.severity === 'warning' ? 'Warning: ' : ''}
          {d.message}
          {d.hint ? (
            <Text component="span" size="xs" c="gray.7" display="block">
              {d.hint}
            </Text>
          ) : null}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The `error` prop for a Mantine input: undefined when there is nothing to say (so aria-invalid
 * stays off).
 */
export const errorProp = (diagnostics: EditorDiagnostic[]) =>
  diagnostics.length ? <Messages diagnostics={diagnostics} /> : undefined;
