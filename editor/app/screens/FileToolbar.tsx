import { ActionIcon, Anchor, Box, Button, Group, Kbd, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EditableFile } from '../editing/useEditableFile.ts';
import { hrefFor } from '../route.ts';
import { UiIcon } from '../ui-icons.tsx';
import { Tag } from './ProblemBadge.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl';

/** Back link, what is open, its save state, its History, undo / redo and save. */
export function FileToolbar({
  file,
  path,
  errors,
  title,
  subtitle,
  badges,
  languages,
}: {
  file: EditableFile;
  /** The file's path in the project (`pages/pricing.yaml`): its History. */
  path: string;
  errors: number;
  title: string;
  subtitle: string;
  badges?: ReactNode;
  /** The page's language switch, on a site in several languages. */
  languages?: ReactNode;
}) {
  const status =
    file.state === 'saving' ? (
      <Text size="xs" c="gray.7">
        Saving…
      </Text>
    ) : file.state === 'failed' ? (
      <Text size="xs" c="var(--ed-error)" role="alert">
        Not saved: {file.saveFailed}
      </Text>
    ) : file.state === 'unsaved' ? (
      <Tag tone="orange">Unsaved changes</Tag>
    ) : errors ? (
      <Tag tone="red" data-testid="saved-invalid">
        Saved with {errors} error{errors === 1 ? '' : 's'}
      </Tag>
    ) : (
      <Tag tone="green" icon={<UiIcon name="check" size={12} />}>
        Saved
      </Tag>
    );
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="md"
      py={8}
      gap="sm"
      style={{ background: 'white', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Anchor
          href="#/"
          size="sm"
          c="gray.7"
          aria-label="Back to all pages"
          style={{ display: 'flex' }}
        >
          <Box style={{ transform: 'rotate(180deg)', display: 'flex' }}>
            <UiIcon name="chevronRight" />
          </Box>
        </Anchor>
        <Box style={{ minWidth: 0 }}>
          <Text component="h1" fw={700} size="md" truncate lh={1.25}>
            {/* Isolated: an Arabic title keeps its own order beside the editor's English. */}
            <bdi>{title}</bdi>
          </Text>
          <Text size="xs" c="gray.7" ff="monospace" truncate>
            {subtitle}
          </Text>
        </Box>
        {badges}
      </Group>
      {/* Never squeezed: the title on the left truncates instead, so no button is cut off. */}
      <Group gap="xs" wrap="nowrap" preventGrowOverflow={false} style={{ flexShrink: 0 }}>
        {languages}
        <Tooltip label="History: every published version">
          <ActionIcon
            component="a"
            href={hrefFor({ name: 'versions', file: path })}
            variant="default"
            size="lg"
            aria-label="History"
            data-testid="history"
          >
            <UiIcon name="clock" />
          </ActionIcon>
        </Tooltip>
        <Box data-testid="save-state" aria-live="polite">
          {status}
        </Box>
        <Tooltip
          label={
            <span>
              Undo <Kbd size="xs">{mod}+Z</Kbd>
            </span>
          }
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Undo"
            aria-keyshortcuts="Control+Z"
            disabled={!file.canUndo}
            onClick={file.undo}
            data-testid="undo"
          >
            <UiIcon name="undo" />
          </ActionIcon>
        </Tooltip>
        <Tooltip
          label={
            <span>
              Redo <Kbd size="xs">{mod}+Shift+Z</Kbd>
            </span>
          }
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Redo"
            aria-keyshortcuts="Control+Shift+Z"
            disabled={!file.canRedo}
            onClick={file.redo}
            data-testid="redo"
          >
            <UiIcon name="redo" />
          </ActionIcon>
        </Tooltip>
        <Tooltip
          label={
            <span>
              Save <Kbd size="xs">{mod}+S</Kbd>
            </span>
          }
        >
          <Button
            leftSection={<UiIcon name="save" size={16} />}
            onClick={() => void file.save()}
            loading={file.state === 'saving'}
            disabled={file.state === 'saved'}
            data-testid="save-button"
            aria-keyshortcuts="Control+S"
          >
            Save
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}
