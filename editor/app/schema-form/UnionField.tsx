import { SegmentedControl, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { fieldId, sameField, useForm, useValue } from './context.tsx';
import { Field, type GroupFieldProps } from './Field.tsx';
import { defaultValue, fieldKind, pickVariant, variantLabel } from './inspect.ts';
import { unwrap } from '../../shared/schema-fields.ts';
import { ObjectFields } from './ObjectField.tsx';
import { Section } from './Section.tsx';

interface UnionFieldProps extends GroupFieldProps {
  /** Without its own frame (a list item's card already has one). */
  bare?: boolean;
}

/**
 * A value that may take one of several shapes: a switch between them, then the chosen shape's form.
 */
export const UnionField = memo(function UnionField({
  schema,
  path,
  label,
  description,
  optional = false,
  keyOrder,
  bare = false,
}: UnionFieldProps) {
  const { edit } = useForm();
  const value = useValue(path);
  const kind = fieldKind(schema);
  if (kind.kind !== 'union') return null;
  const current = pickVariant(kind.options, value, kind.discriminator);
  const variant = kind.options[current]!;
  const variantIsObject = fieldKind(unwrap(variant).schema).kind === 'object';
  const labels = kind.options.map((_, index) => variantLabel(kind.options, index));
  const chooser = (
    <Stack gap={4}>
      <Text size="xs" c="gray.7" id={`${fieldId(path)}-kind`}>
        Kind
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={`${fieldId(path)}-kind`}
        value={String(current)}
        data={labels.map((text, index) => ({ value: String(index), label: text }))}
        onChange={(next) =>
          edit({ op: 'set', path, value: defaultValue(kind.options[Number(next)]!), keyOrder })
        }
      />
    </Stack>
  );
  if (variantIsObject && bare) {
    return (
      <Stack gap="sm">
        {chooser}
        <ObjectFields schema={unwrap(variant).schema} path={path} />
      </Stack>
    );
  }
  if (variantIsObject) {
    return (
      <Section
        path={path}
        label={label}
        description={description}
        optional={optional}
        emptyValue={() => defaultValue(kind.options[0]!)}
        keyOrder={keyOrder}
      >
        {chooser}
        <ObjectFields schema={unwrap(variant).schema} path={path} />
      </Section>
    );
  }
  return (
    <Stack gap={4}>
      {chooser}
      <Field schema={variant} path={path} keyOrder={keyOrder} label={label} />
    </Stack>
  );
}, sameField);
