import { Box, Modal, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { parse } from 'yaml';
import { blockSchemas, isBlockType } from '../../../blocks/schemas.ts';
import type { BlocksResponse } from '../../shared/api.ts';
import type { Api } from '../api.ts';
import { humanize, unwrap } from '../../shared/schema-fields.ts';
import { UiIcon } from '../ui-icons.tsx';

/**
 * The block catalogue: every block of the registry, each added with its example.yaml as the
 * starting content.
 */
export function AddBlockModal({
  api,
  opened,
  onClose,
  onAdd,
}: {
  api: Api;
  opened: boolean;
  onClose: () => void;
  onAdd: (block: Record<string, unknown>) => void;
}) {
  const [catalogue, setCatalogue] = useState<BlocksResponse['blocks']>([]);
  const [query, setQuery] = useState('');
  useEffect(() => {
    if (opened && !catalogue.length)
      api.blocks().then(
        (r) => setCatalogue(r.blocks),
        () => {},
      );
  }, [api, opened, catalogue.length]);
  const q = query.trim().toLowerCase();
  const shown = catalogue.filter(
    ({ type }) =>
      !q ||
      type.toLowerCase().includes(q) ||
      blockDescription(type).toLowerCase().includes(q) ||
      blockTitle(type).toLowerCase().includes(q),
  );
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Add a block"
      size="xl"
      centered
    >
      <TextInput
        placeholder="Search blocks"
        aria-label="Search blocks"
        leftSection={<UiIcon name="search" size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="md"
        data-autofocus
      />
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
        {shown.map(({ type, exampleText }) => (
          <UnstyledButton
            key={type}
            data-testid={`add-block-${type}`}
            onClick={() => {
              const example = parse(exampleText) as unknown;
              onAdd(
                example && typeof example === 'object' && !Array.isArray(example)
                  ? (example as Record<string, unknown>)
                  : { type },
              );
            }}
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 8,
              display: 'block',
              height: '100%',
            }}
            className="catalogue-item"
          >
            <Box c="brand.8" mb={4} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <UiIcon name="blocks" size={16} />
              <Text fw={650} size="sm" c="gray.9">
                {blockTitle(type)}
              </Text>
            </Box>
            <Text size="xs" c="gray.7">
              {blockDescription(type)}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}

export const blockTitle = (type: string) => humanize(type);
export const blockDescription = (type: string) =>
  isBlockType(type) ? (unwrap(blockSchemas[type]).meta.description ?? '') : '';
