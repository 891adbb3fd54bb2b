import { Autocomplete, Group, Image, Select, Text, type ComboboxItem } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { bytes } from '../../changes/values.ts';
import type { UploadedImage } from '../../shared/api.ts';
import { ImageDrop } from '../media/ImageDrop.tsx';
import type { IconName } from '../../../schema/primitives.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { useForm } from './context.tsx';

interface PickerProps {
  id: string;
  'data-testid': string;
  label: string;
  description?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A link: free text, with the site's routes and each route's anchors offered as the user types
 * (`/pricing`, `/pricing#faq`, `#faq`). The validator checks whatever ends up written.
 */
export function LinkField(props: PickerProps) {
  const { site } = useForm();
  const routes = site?.routes ?? [];
  const titles = new Map(routes.map((route) => [route.route, route.title]));
  const value = props.value;
  // Anchors of the route being typed come first once a `#` is there.
  const hash = value.indexOf('#');
  const base = hash >= 0 ? value.slice(0, hash) : undefined;
  const anchors =
    base === undefined
      ? []
      : (routes.find((route) => route.route === (base || '/'))?.anchors ?? []).map(
          (anchor) => `${base}#${anchor}`,
        );
  // Each option once: Mantine throws (a blank screen) on an option offered twice, as a section
  // of the typed route would be, under both its own group and "Sections of pages".
  const offered = new Set(anchors);
  const once = (item: string) => !offered.has(item) && Boolean(offered.add(item));
  const data = [
    ...(anchors.length ? [{ group: 'Anchors on that page', items: [...offered] }] : []),
    { group: 'Pages of the site', items: routes.map((route) => route.route).filter(once) },
    {
      group: 'Sections of pages',
      items: routes
        .flatMap((route) =>
          route.anchors
            .filter((a) => a !== 'main' && a !== 'top')
            .map((anchor) => `${route.route}#${anchor}`),
        )
        .filter(once),
    },
  ];
  return (
    <Autocomplete
      {...props}
      data={data}
      limit={40}
      maxDropdownHeight={280}
      placeholder="/page, /page#section, https://…"
      onChange={props.onChange}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.value}</Text>
          {titles.get(option.value) ? (
            <Text size="xs" c="gray.7">
              {titles.get(option.value)}
            </Text>
          ) : null}
        </div>
      )}
    />
  );
}

/**
 * An image path: the files in public/ with a thumbnail, or an image from the author's computer
 * (dropped on the field or chosen), which the editor adds to public/images/ and puts in the field;
 * the field's alt text is asked for at once. A path typed by hand is checked by the validator.
 */
export function ImageField({
  formats,
  altId,
  ...props
}: PickerProps & {
  /** The formats the field's paths take: an added image must be one of them. */
  formats: readonly string[];
  /** The id of the image's alt text input, focused once an image is added. */
  altId?: string;
}) {
  const { site, uploadImage } = useForm();
  const [added, setAdded] = useState<UploadedImage[]>([]);
  const images = [...new Set([...(site?.images ?? []), ...added.map((image) => image.src)])].sort();
  const last = added.at(-1);
  const picker = (
    <Group align="flex-end" wrap="nowrap" gap="sm">
      <Autocomplete
        {...props}
        style={{ flex: 1 }}
        data={images}
        limit={50}
        maxDropdownHeight={280}
        placeholder="/images/photo.jpg"
        renderOption={({ option }) => (
          <Group gap="sm" wrap="nowrap">
            <Image src={option.value} alt="" w={40} h={28} fit="contain" radius="xs" bg="gray.1" />
            <Text size="sm">{option.value}</Text>
          </Group>
        )}
      />
      {props.value && images.includes(props.value) ? (
        <Image
          src={props.value}
          alt=""
          w={64}
          h={36}
          fit="contain"
          radius="sm"
          bg="gray.1"
          mb={props.error ? 24 : 2}
          data-testid={`${props['data-testid']}-thumbnail`}
        />
      ) : null}
    </Group>
  );
  if (!uploadImage) return picker;
  return (
    <ImageDrop
      testId={`${props['data-testid']}-drop`}
      label="Add from computer…"
      upload={(file) => uploadImage(file, formats)}
      onAdded={(image) => {
        setAdded((all) => [...all, image]);
        props.onChange(image.src);
        if (altId) requestAnimationFrame(() => document.getElementById(altId)?.focus());
      }}
    >
      {picker}
      {last && last.src === props.value ? (
        <Text
          size="xs"
          c="gray.9"
          mt={4}
          role="status"
          data-testid={`${props['data-testid']}-added`}
        >
          Added {last.src.split('/').pop()} ({bytes(last.bytes)}, {last.width} × {last.height}{' '}
          pixels).
          {altId
            ? ' Now describe what it shows, in the next field, for people who cannot see it.'
            : ''}
        </Text>
      ) : null}
    </ImageDrop>
  );
}

interface IconFieldProps extends Omit<PickerProps, 'value' | 'onChange'> {
  options: string[];
  value: string | null;
  clearable: boolean;
  onChange: (value: string | null) => void;
}

/** One of the site's built-in icons, each drawn in the list. */
export function IconField({ options, value, clearable, onChange, ...props }: IconFieldProps) {
  const known = new Set(options);
  const draw = (name: string) =>
    known.has(name) ? <Icon name={name as IconName} size={18} /> : null;
  return (
    <Select
      {...props}
      data={options}
      value={value}
      searchable
      clearable={clearable}
      allowDeselect={clearable}
      onChange={onChange}
      leftSection={value ? draw(value) : null}
      renderOption={({ option }: { option: ComboboxItem }) => (
        <Group gap="sm" wrap="nowrap">
          {draw(option.value)}
          <Text size="sm">{option.value}</Text>
        </Group>
      )}
    />
  );
}
