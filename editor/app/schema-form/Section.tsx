import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldPath } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';
import { fieldId, pathKey, useDiagnostics, useForm, useValue } from './context.tsx';
import { Messages } from './Messages.tsx';

interface SectionProps {
  path: FieldPath;
  label: string;
  description?: string;
  optional: boolean;
  /** What "Add" writes when the optional value is absent. */
  emptyValue: () => unknown;
  keyOrder?: readonly string[];
  children: ReactNode;
}

/**
 * The frame of a nested object or list: a labelled group with its help text and its own messages;
 * an optional one that is absent shows an "Add" button instead, a present one a "Remove" button.
 */
export function Section({
  path,
  label,
  description,
  optional,
  emptyValue,
  keyOrder,
  children,
}: SectionProps) {
  const { edit } = useForm();
  const present = useValue(path) !== undefined;
  const own = useDiagnostics(path);
  const headingId = `${fieldId(path)}-label`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      data-testid={`field-${pathKey(path)}`}
      bg={present ? undefined : 'gray.0'}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={present ? 'xs' : 0}>
        <div>
          <Text id={headingId} fw={600} size="sm">
            {label}
            {optional ? null : (
              <Text span c="var(--ed-error)" aria-hidden="true">
                {' '}
                *
              </Text>
            )}
          </Text>
          {description ? (
            <Text size="xs" c="gray.7">
              {description}
            </Text>
          ) : null}
        </div>
        {optional && present ? (
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<UiIcon name="x" size={14} />}
            onClick={() => edit({ op: 'delete', path })}
            aria-label={`Remove ${label}`}
          >
            Remove
          </Button>
        ) : null}
      </Group>
      {own.length ? (
        <div role="group" aria-label={`Problems in ${label}`}>
          <Messages diagnostics={own} />
        </div>
      ) : null}
      {present ? (
        <Stack gap="sm">{children}</Stack>
      ) : (
        <Button
          mt="xs"
          size="xs"
          variant="light"
          leftSection={<UiIcon name="plus" size={14} />}
          onClick={() => edit({ op: 'set', path, value: emptyValue(), keyOrder })}
        >
          Add {label.toLowerCase()}
        </Button>
      )}
    </Paper>
  );
}
