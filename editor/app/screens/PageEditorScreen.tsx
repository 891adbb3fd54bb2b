import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NOT_FOUND_FILE, routeFromFile } from '../../../engine/routes.ts';
import { pageSchema } from '../../../blocks/page-schema.ts';
import { yamlData } from '../../document/read-yaml.ts';
import { translationEditorWords } from '../../../engine/errors.ts';
import type { FieldPath, PageLanguagesResponse, SiteResponse } from '../../shared/api.ts';
import { LanguageSwitch } from '../translation/LanguageSwitch.tsx';
import { reviewedEdits } from '../translation/reviewed.ts';
import { followedText, followsSource } from '../translation/follow.ts';
import { SourceAndTranslation, staleFields } from '../translation/SourceAndTranslation.tsx';
import type { Api } from '../api.ts';
import { revealField } from '../editing/reveal.ts';
import { useEditableFile } from '../editing/useEditableFile.ts';
import { useShortcuts } from '../editing/useShortcuts.ts';
import { FormContext, problemsUnder, type FormContextValue } from '../schema-form/context.tsx';
import { useAllDiagnostics, useStoreValue, useSyntaxError } from '../schema-form/store.ts';
import { humanize } from '../../shared/schema-fields.ts';
import { ObjectFields } from '../schema-form/ObjectField.tsx';
import { useToast } from '../toasts.tsx';
import { UiIcon } from '../ui-icons.tsx';
import { AddBlockModal, blockTitle } from './AddBlockModal.tsx';
import { BlockList } from './BlockList.tsx';
import { FileDialogs } from './FileDialogs.tsx';
import { FileToolbar } from './FileToolbar.tsx';
import { PresenceNote } from '../team/PresenceNote.tsx';
import { ReviewNote } from '../reviews/ReviewNote.tsx';
import { PreviewPane, type PreviewHandle } from './PreviewPane.tsx';
import { LiveTag, ProblemBadge } from './ProblemBadge.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { YamlTextEditor } from './YamlTextEditor.tsx';

const PAGE_KEYS = ['title', 'description', 'socialImage', 'aliases', 'draft', 'hideNavbar'];

/** A field's name for "Go to …" links: `Hero › Title`, `FAQ › Items › 2 › Answer`. */
function pageFieldLabel(data: unknown, path: FieldPath): string {
  const parts: string[] = [];
  path.forEach((key, i) => {
    if (i === 0 && key === 'blocks') return;
    if (i === 1 && typeof key === 'number') {
      const block = (data as { blocks?: Array<{ type?: string }> } | undefined)?.blocks?.[key];
      parts.push(block?.type ? blockTitle(block.type) : `Block ${key + 1}`);
    } else parts.push(typeof key === 'number' ? String(key + 1) : humanize(key));
  });
  return parts.join(' › ') || 'Page';
}

export function PageEditorScreen({
  api,
  file,
  site,
  field,
}: {
  api: Api;
  file: string;
  site?: SiteResponse;
  /** A field to open once the page is loaded (a link from a publish problem). */
  field?: FieldPath;
}) {
  const preview = useRef<PreviewHandle>(null);
  const doc = useEditableFile(api, file, (revision) => preview.current?.refresh(revision));
  const [selected, setSelected] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const toast = useToast();
  const [languages, setLanguages] = useState<PageLanguagesResponse | null>(null);
  const [comparing, setComparing] = useState(false);
  useShortcuts({ undo: doc.undo, redo: doc.redo, save: () => void doc.save() });

  const route = file === NOT_FOUND_FILE ? '/404' : (routeFromFile(file) ?? '/');
  const diagnostics = useAllDiagnostics(doc.store);
  const syntaxError = useSyntaxError(doc.store);
  const data = useStoreValue(doc.store, []) as
    { title?: unknown; draft?: unknown; blocks?: unknown } | undefined;
  const pageLanguage = languages?.languages.find((l) => l.code === languages.code);
  const textDirection = pageLanguage && { lang: pageLanguage.code, dir: pageLanguage.dir };
  const form: FormContextValue = useMemo(
    () => ({
      store: doc.store,
      edit: doc.edit,
      site,
      uploadImage: api.uploadImage,
      ...(textDirection ? { language: textDirection } : {}),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- its two strings, not the object
    [doc.store, doc.edit, site, api, textDirection?.lang, textDirection?.dir],
  );
  const blocks = useMemo(
    () => (Array.isArray(data?.blocks) ? (data.blocks as unknown[]) : []),
    [data?.blocks],
  );
  const settingsProblems = diagnostics.filter(
    (d) => d.path && PAGE_KEYS.includes(String(d.path[0])),
  );
  const errors = diagnostics.filter((d) => d.severity === 'error').length;

  // The page's languages and its source text, read again when the stale fields or the saved state
  // change (the source may have changed on disk meanwhile).
  const staleSignature = diagnostics
    .filter((d) => d.code === 'translation-stale')
    .map((d) => d.message)
    .join('\n');
  const saved = doc.state === 'saved';
  useEffect(() => {
    let cancelled = false;
    api.languages(file).then(
      (answer) => !cancelled && setLanguages(answer),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [api, file, staleSignature, saved]);
  const sourceData = useMemo(
    () => (languages?.sourceText ? yamlData(languages.sourceText) : undefined),
    [languages?.sourceText],
  );
  const language = languages?.languages.find((l) => l.code === languages.code);
  const sourceLanguage = languages?.languages.find((l) => l.state === 'source');
  const isTranslation = !!language && !!sourceLanguage && language !== sourceLanguage;
  const stale = useMemo(
    () => (isTranslation ? staleFields(diagnostics, data, sourceData) : []),
    [isTranslation, diagnostics, data, sourceData],
  );
  const markReviewed = useCallback(
    (keys: string[]) => {
      doc.editAll(reviewedEdits(sourceData, keys));
      toast({
        message: translationEditorWords.marked(keys.length),
        color: 'green',
        action: { label: 'Undo', run: doc.undo },
      });
    },
    [doc, sourceData, toast],
  );

  // Problems that come from changes to the structure of the original page: one button puts the
  // translation in line with it (one undo step).
  const unfollowed = isTranslation ? diagnostics.filter((d) => followsSource(d.code)).length : 0;
  const followSource = useCallback(() => {
    if (!languages?.sourceText || doc.text === null) return;
    const next = followedText(doc.text, languages.sourceText);
    if (next !== doc.text) doc.editText(next);
    toast({
      message: translationEditorWords.followed,
      color: 'green',
      action: { label: 'Undo', run: doc.undo },
    });
  }, [doc, languages?.sourceText, toast]);

  // Saving this page wrote its translations too: say which, in their languages' names.
  const toldOf = useRef<readonly string[]>([]);
  useEffect(() => {
    if (!doc.translationsSaved.length || toldOf.current === doc.translationsSaved) return;
    toldOf.current = doc.translationsSaved;
    const names = doc.translationsSaved.map(
      (saved) => languages?.languages.find((l) => l.file === saved)?.label ?? saved,
    );
    toast({
      message: translationEditorWords.translationsFollowed(names.join(', '), names.length),
      color: 'green',
    });
  }, [doc.translationsSaved, languages, toast]);

  const select = useCallback((next: number | null) => {
    setSelected(next);
    if (next !== null) preview.current?.highlight(next);
  }, []);
  const reveal = useCallback(
    (path: FieldPath) => {
      if (path[0] === 'blocks' && typeof path[1] === 'number') select(path[1]);
      else if (PAGE_KEYS.includes(String(path[0]))) setSettingsOpen(true);
      revealField(path);
    },
    [select],
  );
  const revealed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!field || data === undefined || revealed.current === JSON.stringify(field)) return;
    revealed.current = JSON.stringify(field);
    reveal(field);
  }, [field, data, reveal]);
  const fieldLabel = useCallback(
    (path: FieldPath) => pageFieldLabel(doc.store.getData(), path),
    [doc.store],
  );
  const onPreviewSelect = useCallback((i: number) => {
    setSelected(i);
    preview.current?.highlight(i);
  }, []);
  const addBlock = (example: Record<string, unknown>) => {
    const block = { ...example };
    // An example's anchor may already be taken on this page: the new block goes without one rather
    // than clash.
    if (
      typeof block.id === 'string' &&
      blocks.some((b) => (b as { id?: unknown })?.id === block.id)
    )
      delete block.id;
    const at = selected === null ? blocks.length : selected + 1;
    doc.edit({ op: 'insert', path: ['blocks'], index: at, value: block });
    setAdding(false);
    select(at);
    toast({
      message: `${blockTitle(String(block.type))} added with example content: replace its words.`,
      color: 'green',
      action: { label: 'Undo', run: doc.undo },
    });
  };

  if (doc.loadError) {
    return (
      <Box p="xl">
        <Alert color="red" title="This page could not be opened">
          {doc.loadError}
        </Alert>
      </Box>
    );
  }
  if (doc.loading || doc.text === null) {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Opening the page" />
      </Group>
    );
  }
  const title = typeof data?.title === 'string' && data.title ? data.title : file;
  return (
    <FormContext.Provider value={form}>
      <Box style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <FileToolbar
          file={doc}
          path={file}
          errors={errors}
          title={title}
          subtitle={route === '/404' ? 'Not-found page' : route}
          languages={
            languages?.languages.length ? (
              <LanguageSwitch api={api} languages={languages} />
            ) : undefined
          }
          badges={
            <Group gap={6} wrap="nowrap" visibleFrom="lg">
              <LiveTag draft={data?.draft === true} />
            </Group>
          }
        />
        <Box
          className="editor-split"
          style={{
            flex: 1,
            minHeight: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(400px, 42%) 1fr',
          }}
        >
          <Box
            component="section"
            aria-label="Page content"
            style={{
              overflowY: 'auto',
              borderRight: '1px solid var(--mantine-color-gray-3)',
              background: 'var(--mantine-color-gray-0)',
            }}
          >
            <Stack gap="sm" p="md">
              <ReviewNote api={api} file={file} />
              <PresenceNote api={api} file={file} />
              {stale.length && sourceLanguage ? (
                <Paper withBorder radius="md" p="sm" data-testid="stale-summary">
                  <Text size="sm" mb="xs">
                    {translationEditorWords.summary(stale.length, sourceLanguage.label)}
                  </Text>
                  <Button
                    size="xs"
                    variant={comparing ? 'default' : 'filled'}
                    onClick={() => setComparing((open) => !open)}
                    aria-expanded={comparing}
                    data-testid="open-source-view"
                  >
                    {comparing ? translationEditorWords.close : translationEditorWords.open}
                  </Button>
                </Paper>
              ) : null}
              {unfollowed && sourceLanguage ? (
                <Paper withBorder radius="md" p="sm" data-testid="follow-summary">
                  <Text size="sm" mb="xs">
                    {translationEditorWords.unfollowed(unfollowed, sourceLanguage.label)}
                  </Text>
                  <Button size="xs" onClick={followSource} data-testid="follow-source">
                    {translationEditorWords.follow}
                  </Button>
                </Paper>
              ) : null}
              <ProblemsPanel diagnostics={diagnostics} onReveal={reveal} fieldLabel={fieldLabel} />
              {doc.editError ? (
                <Alert
                  color="red"
                  withCloseButton
                  onClose={doc.dismissEditError}
                  title="That change was not made"
                  closeButtonLabel="Close"
                >
                  {doc.editError}
                </Alert>
              ) : null}
              {syntaxError ? (
                <YamlTextEditor
                  file={file}
                  text={doc.text}
                  problem={syntaxError}
                  onChange={doc.editText}
                />
              ) : (
                <>
                  <Paper withBorder radius="md" className="block-card" data-selected={settingsOpen}>
                    <UnstyledButton
                      onClick={() => setSettingsOpen((o) => !o)}
                      aria-expanded={settingsOpen}
                      aria-controls="page-settings"
                      px="sm"
                      py={10}
                      style={{ width: '100%', display: 'flex', alignItems: 'center', gap: 8 }}
                      data-testid="page-settings-toggle"
                    >
                      <Box
                        c={settingsOpen ? 'brand.7' : 'gray.6'}
                        style={{
                          display: 'flex',
                          transform: settingsOpen ? 'rotate(90deg)' : undefined,
                        }}
                      >
                        <UiIcon name="chevronRight" size={16} />
                      </Box>
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={650}>
                          Page settings
                        </Text>
                        <Text size="xs" c="gray.7" truncate>
                          Title and description for search results, social image, draft
                        </Text>
                      </Box>
                      <ProblemBadge
                        errors={settingsProblems.filter((d) => d.severity === 'error').length}
                        warnings={settingsProblems.filter((d) => d.severity === 'warning').length}
                        quiet
                      />
                    </UnstyledButton>
                    {settingsOpen ? (
                      <Stack
                        id="page-settings"
                        gap="sm"
                        px="md"
                        pb="md"
                        pt="xs"
                        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                      >
                        <ObjectFields schema={pageSchema} path={[]} exclude={['blocks']} />
                      </Stack>
                    ) : null}
                  </Paper>
                  <Group justify="space-between" mt="xs">
                    <Text component="h2" size="sm" fw={700} c="gray.8">
                      Blocks{' '}
                      <Text span c="gray.7" fw={400}>
                        ({blocks.length}) · top to bottom
                      </Text>
                    </Text>
                    <ProblemBadge {...problemsUnder(diagnostics, ['blocks'])} quiet />
                  </Group>
                  <BlockList
                    blocks={blocks}
                    diagnostics={diagnostics}
                    selected={selected}
                    onSelect={select}
                  />
                  <Button
                    variant="light"
                    leftSection={<UiIcon name="plus" size={16} />}
                    onClick={() => setAdding(true)}
                    data-testid="add-block"
                  >
                    {selected === null
                      ? 'Add block at the end'
                      : `Add block after ${blockTitle(String((blocks[selected] as { type?: unknown } | undefined)?.type ?? ''))}`}
                  </Button>
                </>
              )}
            </Stack>
          </Box>
          <Box style={{ position: 'relative', minWidth: 0, minHeight: 0, height: '100%' }}>
            <PreviewPane
              ref={preview}
              route={route}
              file={file}
              token={api.token}
              onSelectBlock={onPreviewSelect}
            />
            {comparing && isTranslation ? (
              <SourceAndTranslation
                fields={stale}
                source={sourceLanguage}
                translation={language}
                fieldLabel={fieldLabel}
                onMark={markReviewed}
                onEdit={reveal}
                onClose={() => setComparing(false)}
              />
            ) : null}
          </Box>
        </Box>
      </Box>
      <AddBlockModal api={api} opened={adding} onClose={() => setAdding(false)} onAdd={addBlock} />
      <FileDialogs doc={doc} />
    </FormContext.Provider>
  );
}
