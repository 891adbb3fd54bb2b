import { Alert, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useRef } from 'react';
import { blockSchemas, isBlockType } from '../../../blocks/schemas.ts';
import type { EditorDiagnostic } from '../../shared/api.ts';
import { pathKey, problemsUnder } from '../schema-form/context.tsx';
import { itemSummary } from '../schema-form/ListField.tsx';
import { Messages } from '../schema-form/Messages.tsx';
import { ObjectFields } from '../schema-form/ObjectField.tsx';
import { SortableList } from '../schema-form/SortableList.tsx';
import { UiIcon } from '../ui-icons.tsx';
import { blockDescription, blockTitle } from './AddBlockModal.tsx';
import { ProblemBadge } from './ProblemBadge.tsx';

interface BlockListProps {
  blocks: unknown[];
  diagnostics: EditorDiagnostic[];
  selected: number | null;
  onSelect: (index: number | null) => void;
}

/** The page's blocks, top to bottom: one card each, the selected one open with its form. */
export const BlockList = memo(function BlockList({
  blocks,
  diagnostics,
  selected,
  onSelect,
}: BlockListProps) {
  return (
    <Stack gap="xs" data-testid="block-list">
      <SortableList
        listPath={['blocks']}
        count={blocks.length}
        min={1}
        itemName={(index) => `block ${index + 1} (${blockTitle(typeOf(blocks[index]))})`}
        renderItem={(index, { handle, actions }) => (
          <BlockCard
            index={index}
            block={blocks[index]}
            open={selected === index}
            onToggle={() => onSelect(selected === index ? null : index)}
            handle={handle}
            actions={actions}
            problems={problemsUnder(diagnostics, ['blocks', index])}
            own={diagnostics.filter((d) => d.path && pathKey(d.path) === `blocks.${index}`)}
            under={diagnostics.filter(
              (d) => d.path && (pathKey(d.path) + '.').startsWith(`blocks.${index}.`),
            )}
          />
        )}
      />
    </Stack>
  );
});

const typeOf = (block: unknown) =>
  block && typeof block === 'object' && typeof (block as { type?: unknown }).type === 'string'
    ? (block as { type: string }).type
    : '';

interface BlockCardProps {
  index: number;
  block: unknown;
  open: boolean;
  onToggle: () => void;
  handle: React.ReactNode;
  actions: React.ReactNode;
  problems: { errors: number; warnings: number };
  own: EditorDiagnostic[];
  /**
   * Every message about this block or a field in it (an unknown block has no fields to show them
   * by).
   */
  under: EditorDiagnostic[];
}

function BlockCard({
  index,
  block,
  open,
  onToggle,
  handle,
  actions,
  problems,
  own,
  under,
}: BlockCardProps) {
  const type = typeOf(block);
  const known = isBlockType(type);
  const summary = itemSummary(block);
  const card = useRef<HTMLDivElement>(null);
  const bodyId = `block-${index}-body`;
  useEffect(() => {
    if (open) card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [open]);
  return (
    <Paper
      ref={card}
      withBorder
      radius="md"
      className="block-card"
      data-selected={open}
      data-testid={`block-${index}`}
      data-block-type={type}
    >
      <Group gap={4} wrap="nowrap" px={6} py={6} className="block-card-header">
        {handle}
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          style={{ flex: 1, minWidth: 0, padding: '4px 6px', borderRadius: 6 }}
          data-testid={`block-${index}-toggle`}
        >
          <Group gap={8} wrap="nowrap">
            <Box
              c={open ? 'brand.7' : 'gray.6'}
              style={{
                display: 'flex',
                transition: 'transform 120ms',
                transform: open ? 'rotate(90deg)' : undefined,
              }}
            >
              <UiIcon name="chevronRight" size={16} />
            </Box>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={650} truncate>
                {known ? blockTitle(type) : `Unknown block “${type || '(no type)'}”`}
              </Text>
              {summary ? (
                <Text size="xs" c="gray.7" truncate>
                  <bdi>{summary}</bdi>
                </Text>
              ) : null}
            </Box>
          </Group>
        </UnstyledButton>
        <ProblemBadge errors={problems.errors} warnings={problems.warnings} quiet />
        {actions}
      </Group>
      {open ? (
        <Box
          id={bodyId}
          px="md"
          pb="md"
          pt={4}
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          {known ? (
            <Stack gap="sm" pt="xs">
              <Text size="xs" c="gray.7">
                {blockDescription(type)}
              </Text>
              {own.length ? <Messages diagnostics={own} /> : null}
              <ObjectFields
                schema={blockSchemas[type]}
                path={['blocks', index]}
                exclude={['type']}
              />
            </Stack>
          ) : (
            <Alert color="red" variant="light" mt="sm" title="This block type does not exist">
              <Messages diagnostics={under} />
              <Text size="sm" mt={4}>
                Remove the block, or fix its type in the YAML file.
              </Text>
            </Alert>
          )}
        </Box>
      ) : null}
    </Paper>
  );
}
