import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import type { FieldPath } from '../../shared/api.ts';
import { memo } from 'react';
import { fieldId, pathKey, sameField, useDiagnostics, useForm, useValue } from './context.tsx';
import { fieldKind } from './inspect.ts';
import { humanize, unwrap } from '../../shared/schema-fields.ts';
import { optionName } from '../../../schema/form-words.ts';
import { lengthGuide } from '../../../schema/text-lengths.ts';
import { withLengthCount } from './LengthCount.tsx';
import { errorProp } from './Messages.tsx';
import { ListField } from './ListField.tsx';
import { ObjectField } from './ObjectField.tsx';
import { RecordField } from './RecordField.tsx';
import { IconField, ImageField, LinkField } from './pickers.tsx';
import { UnionField } from './UnionField.tsx';

export interface FieldProps {
  schema: z.ZodType;
  path: FieldPath;
  /**
   * The key order of the object this field is in, so that a new key lands where the schema puts it.
   */
  keyOrder?: readonly string[];
  /** Label override (list items). */
  label?: string;
  /** The name of the list this field is an item of (for the long-text rule). */
  listKey?: string;
}

/** What every field that holds other fields (an object, a list, a union) is given by `Field`. */
export interface GroupFieldProps {
  schema: z.ZodType;
  path: FieldPath;
  label: string;
  description?: string;
  optional?: boolean;
  keyOrder?: readonly string[];
}

/**
 * One form field for any schema: picks the input from the schema's kind. Re-renders only when its
 * value or messages change.
 */
export const Field = memo(function Field({ schema, path, keyOrder, label, listKey }: FieldProps) {
  const { edit, language } = useForm();
  const { schema: inner, optional, meta } = unwrap(schema);
  const key = path[path.length - 1];
  const kind = fieldKind(inner, key, listKey);
  const value = useValue(path);
  const own = useDiagnostics(path);
  const common = {
    id: fieldId(path),
    'data-testid': `field-${pathKey(path)}`,
    label: label ?? humanize(key ?? ''),
    description: meta.description,
    error: errorProp(own),
    withAsterisk: !optional,
  };
  // Clearing an optional field removes its key; a required one keeps an empty value for the
  // validator to flag.
  const setText = (next: string) =>
    edit(
      next === '' && optional
        ? { op: 'delete', path }
        : { op: 'set', path, value: next, keyOrder, group: pathKey(path) },
    );

  // What a field holding other fields (object, list, map, union) is given.
  const group: GroupFieldProps = {
    schema: inner,
    path,
    label: common.label,
    description: meta.description,
    optional,
    keyOrder,
  };

  switch (kind.kind) {
    case 'text': {
      const text =
        typeof value === 'string'
          ? value
          : value === undefined || value === null
            ? ''
            : String(value);
      const counted = withLengthCount(lengthGuide(path), text.trim().length, common.id);
      const direction = textDirection(language, kind.long === true);
      if (kind.long)
        return (
          <Textarea
            {...common}
            {...counted}
            {...direction}
            value={text}
            autosize
            minRows={2}
            maxRows={12}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        );
      return (
        <TextInput
          {...common}
          {...counted}
          {...(direction.dir === 'auto' ? { lang: direction.lang, ref: autoDirection } : direction)}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      );
    }
    case 'link':
      return (
        <LinkField {...common} value={typeof value === 'string' ? value : ''} onChange={setText} />
      );
    case 'image':
      return (
        <ImageField
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={setText}
          formats={kind.formats}
          {...(keyOrder?.includes('alt') ? { altId: fieldId([...path.slice(0, -1), 'alt']) } : {})}
        />
      );
    case 'icon':
      return (
        <IconField
          {...common}
          options={kind.options}
          value={typeof value === 'string' ? value : null}
          clearable={optional}
          onChange={(next) =>
            edit(
              next === null ? { op: 'delete', path } : { op: 'set', path, value: next, keyOrder },
            )
          }
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          data={kind.options.map((option) => ({ value: option, label: optionName(option) }))}
          value={typeof value === 'string' ? value : null}
          clearable={optional}
          allowDeselect={optional}
          placeholder={optional ? 'Not set' : 'Choose…'}
          onChange={(next) =>
            edit(
              next === null ? { op: 'delete', path } : { op: 'set', path, value: next, keyOrder },
            )
          }
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
          allowDecimal={!kind.integer}
          onChange={(next) =>
            edit(
              next === ''
                ? { op: 'delete', path }
                : {
                    op: 'set',
                    path,
                    value: typeof next === 'number' ? next : Number(next),
                    keyOrder,
                    group: pathKey(path),
                  },
            )
          }
        />
      );
    case 'boolean':
      return (
        <Switch
          id={common.id}
          data-testid={common['data-testid']}
          label={common.label}
          description={common.description}
          error={common.error}
          checked={value === true}
          onChange={(e) => edit({ op: 'set', path, value: e.currentTarget.checked, keyOrder })}
        />
      );
    case 'literal':
      return null;
    case 'object':
      return <ObjectField {...group} />;
    case 'list':
      return <ListField {...group} />;
    case 'record':
      return <RecordField {...group} />;
    case 'union':
      return <UnionField {...group} />;
    default:
      return (
        <TextInput
          {...common}
          readOnly
          value={JSON.stringify(value ?? null)}
          description={`This field (${kind.type}) is edited in the YAML file.`}
        />
      );
  }
}, sameField);

/**
 * `dir="auto"` on the input itself: Mantine puts a `dir` prop on the input's wrapper, whose own
 * text (none) would decide the direction.
 */
const autoDirection = (input: HTMLInputElement | null) => input?.setAttribute('dir', 'auto');

/**
 * A text field's language and direction. In a right-to-left language a
 * paragraph is right to left; a line (a button's label, a badge, a name) may start with a brand
 * name or an address, so it follows its first letters (`dir="auto"`): `Staylix PMS: …` is not shown
 * reversed. A left-to-right page keeps the editor's direction.
 */
function textDirection(
  language: { lang: string; dir: 'ltr' | 'rtl' } | undefined,
  long: boolean,
): { lang?: string; dir?: 'rtl' | 'auto' } {
  if (!language) return {};
  if (language.dir !== 'rtl') return { lang: language.lang };
  return { lang: language.lang, dir: long ? 'rtl' : 'auto' };
}
