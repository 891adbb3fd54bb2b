import { memo } from 'react';
import type { z } from 'zod';
import { useValue } from './context.tsx';
import { Field, type GroupFieldProps } from './Field.tsx';
import { Section } from './Section.tsx';

/**
 * A map of names to values (a translation's recorded source texts, a language's labels): one field
 * per name the file has, labelled with the name. Names are not added here: the validator says which
 * one is missing and where.
 */
export const RecordField = memo(function RecordField({
  schema,
  path,
  label,
  description,
  optional = false,
  keyOrder,
}: GroupFieldProps) {
  const value = useValue(path);
  const valueSchema = (schema as z.ZodRecord)._zod.def.valueType as z.ZodType;
  const names =
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  return (
    <Section
      path={path}
      label={label}
      description={description}
      optional={optional}
      emptyValue={() => ({})}
      keyOrder={keyOrder}
    >
      {names.map((name) => (
        <Field key={name} schema={valueSchema} path={[...path, name]} label={name} />
      ))}
    </Section>
  );
});
