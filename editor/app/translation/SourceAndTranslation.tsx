import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { translationEditorWords as words } from '../../../engine/errors.ts';
import { reviewedEntries } from '../../../engine/translation-record.ts';
import type { EditorDiagnostic, FieldPath } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';
import { recordKey } from './reviewed.ts';
import { wordChanges, type TextRun } from './word-changes.ts';
import { valueAt } from '../../document/data-ops.ts';

interface Language {
  code: string;
  label: string;
  dir: 'ltr' | 'rtl';
}

/** One stale field: where it is, and its three texts. */
export interface StaleField {
  path: FieldPath;
  key: string;
  before: string;
  now: string;
  translation: string;
}

/**
 * The fields the validator reports as stale (`translation-stale`), with the source text each was
 * translated from (the translation's `translatedFrom`), the source text now and the translation.
 */
export function staleFields(
  diagnostics: readonly EditorDiagnostic[],
  translationData: unknown,
  sourceData: unknown,
): StaleField[] {
  const record =
    ((translationData as { translatedFrom?: unknown } | undefined)?.translatedFrom as
      Record<string, unknown> | undefined) ?? {};
  return diagnostics.flatMap((d) => {
    if (d.code !== 'translation-stale' || !d.path) return [];
    const key = recordKey(d.path);
    const now = reviewedEntries(sourceData, [key])[0]?.[1];
    const before = record[key];
    const translation = valueAt(translationData, d.path);
    if (now === undefined || typeof before !== 'string') return [];
    return [
      {
        path: d.path,
        key,
        before,
        now,
        translation: typeof translation === 'string' ? translation : '',
      },
    ];
  });
}

const changeStyle = {
  removed: { background: 'var(--mantine-color-red-1)', textDecoration: 'line-through' },
  added: { background: 'var(--mantine-color-green-1)', textDecoration: 'underline' },
} as const;

function Runs({ runs }: { runs: TextRun[] }) {
  return runs.map((run, i) => {
    if (!run.change) return run.text;
    const Mark = run.change === 'removed' ? 'del' : 'ins';
    return (
      <Mark key={i} style={changeStyle[run.change]}>
        {run.text}
      </Mark>
    );
  });
}

function TextCell({
  heading,
  runs,
  language,
  testId,
}: {
  heading: string;
  runs: TextRun[];
  language: Language;
  testId: string;
}) {
  return (
    <Box>
      <Text size="xs" fw={650} c="gray.7" mb={4}>
        {heading}
      </Text>
      <Text
        size="sm"
        lang={language.code}
        dir={language.dir}
        data-testid={testId}
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          background: 'var(--mantine-color-gray-0)',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 6,
          padding: '6px 8px',
        }}
      >
        <Runs runs={runs} />
      </Text>
    </Box>
  );
}

/**
 * "Source and translation": each stale field of a translation side by side (the source text when it
 * was translated, the source text now, the translation), with "Mark reviewed" per field and for all.
 */
export function SourceAndTranslation({
  fields,
  source,
  translation,
  fieldLabel,
  onMark,
  onEdit,
  onClose,
}: {
  fields: StaleField[];
  source: Language;
  translation: Language;
  fieldLabel: (path: FieldPath) => string;
  onMark: (keys: string[]) => void;
  onEdit: (path: FieldPath) => void;
  onClose: () => void;
}) {
  return (
    <Box
      component="section"
      aria-labelledby="source-and-translation"
      data-testid="source-and-translation"
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 5,
        overflowY: 'auto',
        background: 'white',
      }}
    >
      <Stack gap="md" p="md">
        <Box>
          <Title id="source-and-translation" order={2} size="h4">
            {words.viewTitle}
          </Title>
          <Text size="sm" c="gray.7" maw={720}>
            {fields.length ? words.intro(source.label) : words.upToDate}
          </Text>
          {fields.length ? (
            <Text size="sm" c="gray.7" maw={720}>
              {words.changesLegend}
            </Text>
          ) : null}
        </Box>
        <Group gap="xs">
          {fields.length > 1 ? (
            <Button
              onClick={() => onMark(fields.map((f) => f.key))}
              leftSection={<UiIcon name="check" size={16} />}
              data-testid="mark-all-reviewed"
            >
              {words.markAllReviewed}
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose} data-testid="close-source-view">
            {words.close}
          </Button>
        </Group>
        {fields.map((field) => {
          const label = fieldLabel(field.path);
          const changes = wordChanges(field.before, field.now);
          return (
            <Paper
              key={field.key}
              withBorder
              radius="md"
              p="sm"
              component="article"
              aria-label={label}
              data-stale-field={field.key}
            >
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Text component="h3" fw={700} size="sm">
                  {label}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => onEdit(field.path)}
                    aria-label={`${words.edit}: ${label}`}
                  >
                    {words.edit}
                  </Button>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => onMark([field.key])}
                    aria-label={`${words.markReviewed}: ${label}`}
                    data-testid="mark-reviewed"
                  >
                    {words.markReviewed}
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={3} spacing="sm">
                <TextCell
                  heading={words.before(source.label)}
                  runs={changes.before}
                  language={source}
                  testId="source-before"
                />
                <TextCell
                  heading={words.now(source.label)}
                  runs={changes.now}
                  language={source}
                  testId="source-now"
                />
                <TextCell
                  heading={words.translation(translation.label)}
                  runs={[{ text: field.translation }]}
                  language={translation}
                  testId="translation-text"
                />
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
