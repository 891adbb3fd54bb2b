import { Alert, Anchor, Box, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useState } from 'react';
import type { EditorDiagnostic, FieldPath } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';
import { plural } from './ProblemBadge.tsx';

/**
 * Every message the validator gives for the file, in the form's words. A message about a field
 * links to it by the field's name; a message with no field is only here.
 */
export const ProblemsPanel = memo(function ProblemsPanel({
  diagnostics,
  onReveal,
  fieldLabel,
}: {
  diagnostics: EditorDiagnostic[];
  onReveal: (path: FieldPath) => void;
  fieldLabel: (path: FieldPath) => string;
}) {
  const [open, setOpen] = useState(true);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (!diagnostics.length) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<UiIcon name="check" />}
        py={8}
        data-testid="problems-panel"
        data-count={0}
        aria-live="polite"
      >
        <Text size="sm">No problems: the validator accepts this file.</Text>
      </Alert>
    );
  }
  const summary = [
    errors ? plural(errors, 'error') : '',
    warnings ? plural(warnings, 'warning') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Box
      data-testid="problems-panel"
      data-count={diagnostics.length}
      style={{
        border: `1px solid var(--mantine-color-${errors ? 'red' : 'orange'}-3)`,
        borderRadius: 8,
        background: errors ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-orange-0)',
      }}
    >
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="problems-list"
        px="sm"
        py={8}
        style={{ width: '100%', display: 'flex', alignItems: 'center', gap: 8 }}
      >
        <Box c={errors ? 'var(--ed-error)' : 'var(--ed-warn)'} style={{ display: 'flex' }}>
          <UiIcon name="alert" />
        </Box>
        <Text size="sm" fw={650} style={{ flex: 1 }} aria-live="polite">
          {summary} —{' '}
          {errors
            ? 'the page can be saved, but the build stops until they are fixed'
            : 'the page builds'}
        </Text>
        <UiIcon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack
          id="problems-list"
          gap={0}
          component="ul"
          m={0}
          p={0}
          px="sm"
          pb="sm"
          style={{ listStyle: 'none', maxHeight: 220, overflowY: 'auto' }}
        >
          {diagnostics.map((d, i) => (
            <Box
              component="li"
              key={i}
              py={6}
              style={{ borderTop: i ? '1px solid rgb(0 0 0 / 0.06)' : undefined }}
              data-testid="problem"
            >
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text
                  size="xs"
                  fw={700}
                  c={d.severity === 'error' ? 'var(--ed-error)' : 'var(--ed-warn)'}
                  tt="uppercase"
                  style={{ flex: '0 0 auto' }}
                >
                  {d.severity}
                </Text>
                <Box style={{ minWidth: 0 }}>
                  <Text size="sm">{d.message}</Text>
                  {d.hint ? (
                    <Text size="xs" c="gray.7">
                      {d.hint}
                    </Text>
                  ) : null}
                  {d.path && d.path.length ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      onClick={() => onReveal(d.path!)}
                    >
                      Go to {fieldLabel(d.path)}
                    </Anchor>
                  ) : null}
                </Box>
              </Group>
            </Box>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
});
