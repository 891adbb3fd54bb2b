import { Button, Group, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import type { FieldPath } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';
import { memo } from 'react';
import { pathKey, sameField, useDiagnostics, useForm, useValue } from './context.tsx';
import { Field, type GroupFieldProps } from './Field.tsx';
import { defaultValue } from './inspect.ts';
import { errorProp } from './Messages.tsx';
import { Section } from './Section.tsx';

interface ObjectFieldProps extends GroupFieldProps {
  /**
   * Render the fields only, without the surrounding frame (a block's body, the page's own fields).
   */
  bare?: boolean;
  /** Keys not to render here (e.g. `blocks`, edited by its own list). */
  exclude?: readonly string[];
}

/**
 * The fields of an object in schema order, then any key the schema does not know (so it can be
 * removed).
 */
export const ObjectFields = memo(
  function ObjectFields({
    schema,
    path,
    exclude = [],
  }: {
    schema: z.ZodType;
    path: FieldPath;
    exclude?: readonly string[];
  }) {
    const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
    const keys = Object.keys(shape);
    const value = useValue(path);
    const unknown =
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.keys(value).filter((key) => !(key in shape) && !exclude.includes(key))
        : [];
    return (
      <>
        {keys
          .filter((key) => !exclude.includes(key))
          .map((key) => (
            <Field key={key} schema={shape[key]!} path={[...path, key]} keyOrder={keys} />
          ))}
        {unknown.map((key) => (
          <UnknownKey key={key} path={[...path, key]} />
        ))}
      </>
    );
  },
  (a, b) =>
    a.schema === b.schema &&
    pathKey(a.path) === pathKey(b.path) &&
    (a.exclude ?? []).join() === (b.exclude ?? []).join(),
);

/** A key the schema does not have: shown read-only with its problem and a button to remove it. */
function UnknownKey({ path }: { path: FieldPath }) {
  const { edit } = useForm();
  const value = useValue(path);
  const own = useDiagnostics(path);
  const key = String(path[path.length - 1]);
  return (
    <Group align="flex-end" wrap="nowrap" gap="xs">
      <TextInput
        style={{ flex: 1 }}
        label={`Unknown field “${key}”`}
        data-testid={`field-${pathKey(path)}`}
        readOnly
        value={typeof value === 'string' ? value : JSON.stringify(value)}
        error={errorProp(own)}
      />
      <Button
        variant="light"
        color="red"
        leftSection={<UiIcon name="trash" size={14} />}
        onClick={() => edit({ op: 'delete', path })}
        aria-label={`Remove unknown field ${key}`}
      >
        Remove
      </Button>
    </Group>
  );
}

export const ObjectField = memo(function ObjectField({
  schema,
  path,
  label,
  description,
  optional = false,
  keyOrder,
  bare,
  exclude,
}: ObjectFieldProps) {
  if (bare) {
    return (
      <Stack gap="sm">
        <ObjectFields schema={schema} path={path} exclude={exclude} />
      </Stack>
    );
  }
  return (
    <Section
      path={path}
      label={label}
      description={description}
      optional={optional}
      emptyValue={() => defaultValue(schema)}
      keyOrder={keyOrder}
    >
      <ObjectFields schema={schema} path={path} exclude={exclude} />
    </Section>
  );
}, sameField);
