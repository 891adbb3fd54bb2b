import { Box, Text } from '@mantine/core';
import { previewUrl } from '../../shared/api.ts';

/** A named version, or a published version's commit id. */
type Version = 'published' | 'current' | 'ours' | 'theirs' | (string & {});

/**
 * Two versions of a page next to each other, rendered by the editor's preview (`?version=`), the
 * blocks that differ outlined (`?mark=`).
 */
export function SideBySide({
  token,
  file,
  route,
  sides,
}: {
  token: string;
  file: string;
  route: string;
  sides: Array<{ version: Version; label: string; marked: number[] }>;
}) {
  return (
    <Box
      data-testid="side-by-side"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${sides.length}, minmax(0, 1fr))`,
        gap: 8,
      }}
    >
      {sides.map((side) => (
        <Box key={side.version}>
          <Text size="xs" fw={600} c="gray.7" mb={2}>
            {side.label}
          </Text>
          <iframe
            title={`${side.label}: preview of ${route}`}
            src={`${previewUrl(route, file, token)}&version=${side.version}&mark=${side.marked.join(',')}`}
            data-testid={`preview-${side.version}`}
            style={{
              width: '100%',
              height: 460,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 6,
              background: 'white',
            }}
          />
        </Box>
      ))}
    </Box>
  );
}

/** The block indexes a list of field paths is in (`['blocks', 2, …]` → 2). */
export const blocksOf = (paths: Array<{ path: Array<string | number>; blockIndex?: number }>) => [
  ...new Set(
    paths.flatMap((item) =>
      item.blockIndex !== undefined
        ? [item.blockIndex]
        : item.path[0] === 'blocks' && typeof item.path[1] === 'number'
          ? [item.path[1]]
          : [],
    ),
  ),
];
