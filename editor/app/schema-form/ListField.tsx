import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import type { FieldPath } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';
import { memo } from 'react';
import { sameField, useForm, useValue } from './context.tsx';
import { Field, type GroupFieldProps } from './Field.tsx';
import { defaultValue, fieldKind } from './inspect.ts';
import { unwrap } from '../../shared/schema-fields.ts';
import { ObjectFields } from './ObjectField.tsx';
import { Section } from './Section.tsx';
import { SortableList } from './SortableList.tsx';
import { UnionField } from './UnionField.tsx';
import { quoted } from './store.ts';

/** `Items` → `item`, `Questions` → `question`, `Bullets` → `bullet`, `Stories` → `story`. */
function singular(label: string): string {
  const word = label.toLowerCase();
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The first short text of an item, to name it in its header (`How long does setup take?`). */
export function itemSummary(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of ['title', 'heading', 'question', 'label', 'name', 'feature', 'quote']) {
      const text = (value as Record<string, unknown>)[key];
      if (typeof text === 'string' && text.trim()) return text;
    }
  }
  return '';
}

export const ListField = memo(function ListField({
  schema,
  path,
  label,
  description,
  optional = false,
  keyOrder,
}: GroupFieldProps) {
  const { edit } = useForm();
  const items = useValue(path);
  if (!(schema instanceof z.ZodArray)) return null;
  const kind = fieldKind(schema);
  if (kind.kind !== 'list') return null;
  const element = kind.element;
  const elementKind = fieldKind(unwrap(element).schema);
  // Objects, and unions of objects (a menu item is a link or a menu), get a card each; scalars a
  // row.
  const asCard =
    elementKind.kind === 'object' ||
    (elementKind.kind === 'union' &&
      elementKind.options.every((option) => fieldKind(unwrap(option).schema).kind === 'object'));
  const list = Array.isArray(items) ? items : [];
  const one = singular(label);
  const name = (index: number) => `${one} ${index + 1}`;
  const listKey = String(path[path.length - 1]);
  const full = kind.max !== undefined && list.length >= kind.max;
  return (
    <Section
      path={path}
      label={label}
      description={description}
      optional={optional}
      emptyValue={() => [defaultValue(element)]}
      keyOrder={keyOrder}
    >
      <Stack gap="xs">
        <SortableList
          listPath={path}
          count={list.length}
          itemName={name}
          min={kind.min}
          max={kind.max}
          renderItem={(index, { handle, actions }) =>
            asCard ? (
              <Paper
                withBorder
                radius="sm"
                p="xs"
                bg="gray.0"
                component="fieldset"
                style={{ margin: 0, minWidth: 0 }}
                aria-label={name(index)}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
                  <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                    {handle}
                    <Text size="sm" fw={600} truncate>
                      {name(index).replace(/^./, (c) => c.toUpperCase())}
                      {itemSummary(list[index]) ? (
                        <Text span c="gray.7" fw={400}>
                          {' '}
                          — <bdi>{itemSummary(list[index])}</bdi>
                        </Text>
                      ) : null}
                    </Text>
                  </Group>
                  {actions}
                </Group>
                <Stack gap="sm">
                  {elementKind.kind === 'union' ? (
                    <UnionField
                      schema={unwrap(element).schema}
                      path={[...path, index]}
                      label={name(index)}
                      bare
                    />
                  ) : (
                    <ObjectFields schema={unwrap(element).schema} path={[...path, index]} />
                  )}
                </Stack>
              </Paper>
            ) : (
              <Group wrap="nowrap" gap={4} align="flex-start">
                <div style={{ paddingTop: 26 }}>{handle}</div>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Field
                    schema={element}
                    path={[...path, index]}
                    label={name(index).replace(/^./, (c) => c.toUpperCase())}
                    listKey={listKey}
                  />
                </div>
                <div style={{ paddingTop: 24 }}>{actions}</div>
              </Group>
            )
          }
        />
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<UiIcon name="plus" size={14} />}
            disabled={full}
            onClick={() => {
              edit({ op: 'insert', path, index: list.length, value: defaultValue(element) });
              focusNewItem([...path, list.length]);
            }}
          >
            Add {one}
          </Button>
          {full ? (
            <Text size="xs" c="gray.7">
              At most {kind.max}.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Section>
  );
}, sameField);

/** Moves the focus into a newly added item, so that typing can start at once. */
function focusNewItem(path: FieldPath) {
  requestAnimationFrame(() => {
    const prefix = `field-${path.join('.')}`;
    const input = document.querySelector<HTMLElement>(
      `[data-testid="${quoted(prefix)}"]:is(input,textarea), [data-testid^="${quoted(prefix)}."]:is(input,textarea)`,
    );
    input?.focus();
  });
}
