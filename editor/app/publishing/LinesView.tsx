import { Box, Text } from '@mantine/core';
import { lineDiff } from '../editing/line-diff.ts';

/**
 * "Show the lines": the plain diff of a file, removed lines then added lines, with a few lines
 * around each.
 */
export function LinesView({ before, after }: { before: string; after: string }) {
  const { mine: old, theirs: now } = lineDiff(before, after);
  // Walk both sides in order: unchanged lines are shared, changed ones are shown as - and +.
  const rows: Array<{ sign: ' ' | '-' | '+'; text: string }> = [];
  let i = 0;
  let j = 0;
  while (i < old.length || j < now.length) {
    if (i < old.length && old[i]!.changed) rows.push({ sign: '-', text: old[i++]!.text });
    else if (j < now.length && now[j]!.changed) rows.push({ sign: '+', text: now[j++]!.text });
    else {
      rows.push({ sign: ' ', text: (now[j] ?? old[i])!.text });
      i++;
      j++;
    }
  }
  const near = new Set<number>();
  rows.forEach((row, k) => {
    if (row.sign !== ' ') for (let d = -2; d <= 2; d++) near.add(k + d);
  });
  return (
    <Box
      component="pre"
      data-testid="lines-view"
      aria-label="The lines that changed"
      tabIndex={0}
      style={{
        margin: 0,
        padding: 8,
        fontSize: 12,
        lineHeight: 1.5,
        overflowX: 'auto',
        background: 'var(--mantine-color-gray-0)',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 6,
      }}
    >
      {rows.map((row, k) =>
        near.has(k) ? (
          <Box
            key={k}
            component="span"
            style={{
              display: 'block',
              background: row.sign === '-' ? '#ffe3e3' : row.sign === '+' ? '#d3f9d8' : undefined,
              color: row.sign === '-' ? '#8a1c1c' : row.sign === '+' ? '#1b5e20' : undefined,
            }}
          >
            {row.sign} {row.text}
          </Box>
        ) : near.has(k - 1) ? (
          <Text key={k} component="span" c="gray.7" style={{ display: 'block' }}>
            …
          </Text>
        ) : null,
      )}
    </Box>
  );
}
