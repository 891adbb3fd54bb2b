import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PageSummary, PagesResponse } from '../../shared/api.ts';
import { ApiFailure, type Api } from '../api.ts';
import { go, hrefFor } from '../route.ts';
import { useToast } from '../toasts.tsx';
import { UiIcon } from '../ui-icons.tsx';
import { NewPageModal } from './NewPageModal.tsx';
import { LiveTag, plural, ProblemBadge } from './ProblemBadge.tsx';
import { TranslationStatus } from './TranslationStatus.tsx';

type Filter = 'all' | 'drafts' | 'problems';

interface Group {
  key: string;
  label: string;
  pages: PageSummary[];
}

const segmentLabel = (segment: string) =>
  segment.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * The group of a page: the first part of its route when the page is inside a section or is a
 * section's index.
 */
function groupKey(page: PageSummary, all: PageSummary[]): string {
  if (page.route === null) return '~special';
  const segments = page.route.split('/').filter(Boolean);
  if (segments.length === 0) return '';
  if (segments.length > 1) return segments[0]!;
  return all.some((other) => other.route?.startsWith(`${page.route}/`)) ? segments[0]! : '';
}

/**
 * The languages of the site by code, named for a reader of English and in themselves: `German
 * (Deutsch)`. A translation's pages are grouped under its language's name, never its code.
 */
function languageNames(pages: PageSummary[]): Map<string, string> {
  const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const names = new Map<string, string>();
  for (const { code, label } of pages.flatMap((page) => page.translations ?? [])) {
    const inEnglish = english.of(code);
    names.set(code, inEnglish && inEnglish !== label ? `${inEnglish} (${label})` : label);
  }
  return names;
}

/**
 * Pages grouped by the first part of their route, each group in route order (a section's index
 * first).
 */
function groupPages(pages: PageSummary[], all: PageSummary[] = pages): Group[] {
  const groups = new Map<string, Group>();
  const languages = languageNames(all);
  for (const page of pages) {
    const key = groupKey(page, all);
    const label =
      key === ''
        ? 'Main pages'
        : key === '~special'
          ? 'Special pages'
          : (languages.get(key) ?? segmentLabel(key));
    const group = groups.get(key) ?? { key, label, pages: [] };
    group.pages.push(page);
    groups.set(key, group);
  }
  const order = (key: string) => (key === '' ? 0 : key === '~special' ? 2 : 1);
  return [...groups.values()]
    .sort((a, b) => order(a.key) - order(b.key) || a.label.localeCompare(b.label))
    .map((group) => ({
      ...group,
      pages: group.pages.sort((a, b) => (a.route ?? '~').localeCompare(b.route ?? '~')),
    }));
}

function matches(page: PageSummary, query: string, filter: Filter): boolean {
  if (filter === 'drafts' && !page.draft) return false;
  if (filter === 'problems' && !page.errors && !page.warnings) return false;
  const q = query.trim().toLowerCase();
  return (
    !q ||
    page.title.toLowerCase().includes(q) ||
    (page.route ?? '404').includes(q) ||
    page.file.includes(q)
  );
}

export function PageListScreen({ api }: { api: Api }) {
  const [data, setData] = useState<PagesResponse | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const toast = useToast();

  const load = useCallback(
    () =>
      api
        .pages()
        .then(setData, (error: unknown) =>
          setFailed(error instanceof Error ? error.message : String(error)),
        ),
    [api],
  );
  useEffect(() => {
    void load();
    if (typeof EventSource === 'undefined') return;
    const events = api.events();
    events.onmessage = () => void load();
    return () => events.close();
  }, [api, load]);

  const groups = useMemo(
    () =>
      groupPages(
        (data?.pages ?? []).filter((page) => matches(page, query, filter)),
        data?.pages,
      ),
    [data, query, filter],
  );
  const total = data?.pages.length ?? 0;
  const withProblems = data?.pages.filter((p) => p.errors).length ?? 0;
  const drafts = data?.pages.filter((p) => p.draft).length ?? 0;

  return (
    <Box maw={1040} mx="auto" px="lg" py="lg">
      <Group justify="space-between" align="flex-end" mb="md">
        <div>
          <Title order={1} size="h2">
            Pages
          </Title>
          <Text c="gray.7" size="sm">
            {data
              ? `${plural(total, 'page')} · ${plural(drafts, 'draft')} · ${withProblems ? `${plural(withProblems, 'page')} with errors` : 'no errors'}`
              : 'Loading…'}
          </Text>
        </div>
        <Button
          leftSection={<UiIcon name="plus" size={16} />}
          onClick={() => setCreating(true)}
          data-testid="new-page"
        >
          New page
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label="Site settings">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Box c="brand.7">
              <UiIcon name="settings" size={22} />
            </Box>
            <div>
              <Anchor href={hrefFor({ name: 'site' })} fw={650} c="gray.9">
                Site settings
              </Anchor>
              <Text size="sm" c="gray.7">
                Menus, footer, contact details, booking calendar, search defaults and languages
              </Text>
            </div>
          </Group>
          {data ? (
            <ProblemBadge errors={data.config.errors} warnings={data.config.warnings} />
          ) : null}
        </Group>
      </Paper>

      <Group gap="sm" mb="md" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 280px' }}
          placeholder="Search by title or address"
          aria-label="Search pages"
          leftSection={<UiIcon name="search" size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="page-search"
        />
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          data={[
            { value: 'all', label: 'All pages' },
            { value: 'drafts', label: 'Drafts' },
            { value: 'problems', label: 'With problems' },
          ]}
        />
      </Group>

      {failed ? (
        <Text c="var(--ed-error)" role="alert">
          The pages could not be loaded: {failed}
        </Text>
      ) : null}
      {!data && !failed ? <Skeleton height={320} radius="md" /> : null}
      {data && groups.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="gray.7">
            No page matches “{query}”.
          </Text>
        </Paper>
      ) : null}
      <Stack gap="md">
        {groups.map((group) => (
          <Paper
            key={group.key}
            withBorder
            radius="md"
            component="section"
            aria-labelledby={`group-${group.key}`}
            style={{ overflow: 'hidden' }}
          >
            <Group
              justify="space-between"
              px="md"
              py={8}
              bg="gray.0"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text id={`group-${group.key}`} component="h2" fw={700} size="sm">
                {group.label}
              </Text>
              <Text size="xs" c="gray.7">
                {plural(group.pages.length, 'page')}
              </Text>
            </Group>
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {group.pages.map((page) => (
                <PageRow key={page.file} page={page} api={api} onDelete={() => setDeleting(page)} />
              ))}
            </Box>
          </Paper>
        ))}
      </Stack>

      <NewPageModal
        api={api}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(path) => {
          setCreating(false);
          toast({ message: `Created ${path}.`, color: 'green' });
          go({ name: 'edit', file: path });
        }}
      />
      <DeletePageModal
        page={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async (page) => {
          try {
            await api.deletePage(page.file);
            toast({
              message: `Deleted ${page.file}. It can be restored from the project's git history.`,
              color: 'green',
            });
            setDeleting(null);
            void load();
          } catch (error) {
            toast({
              message: error instanceof ApiFailure ? error.message : String(error),
              color: 'red',
              title: 'Not deleted',
            });
          }
        }}
      />
    </Box>
  );
}

function PageRow({ page, api, onDelete }: { page: PageSummary; api: Api; onDelete: () => void }) {
  const depth = page.route ? Math.max(0, page.route.split('/').length - 2) : 0;
  const name = page.title || page.file;
  return (
    <Box
      component="li"
      className="page-row"
      data-testid="page-list-item"
      data-route={page.route ?? ''}
      data-file={page.file}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" px="md" py={10} gap="sm">
        <Box style={{ minWidth: 0, paddingLeft: depth * 20 }}>
          <Anchor
            href={hrefFor({ name: 'edit', file: page.file })}
            fw={600}
            c="gray.9"
            size="sm"
            style={{ display: 'block' }}
            truncate
          >
            <bdi>{name}</bdi>
          </Anchor>
          <Text size="xs" c="gray.7" ff="monospace" truncate>
            {page.route ?? 'Not-found page (404)'}
          </Text>
          {page.translations?.length ? (
            <TranslationStatus api={api} route={page.route!} translations={page.translations} />
          ) : null}
        </Box>
        <Group gap="xs" wrap="nowrap">
          <LiveTag draft={page.draft} />
          <ProblemBadge errors={page.errors} warnings={page.warnings} />
          <Button
            component="a"
            href={hrefFor({ name: 'versions', file: page.file })}
            size="compact-sm"
            variant="subtle"
            leftSection={<UiIcon name="clock" size={14} />}
            aria-label={`History of ${name}`}
          >
            History
          </Button>
          <Tooltip
            label={page.route === null ? 'The site needs its not-found page' : 'Delete page'}
          >
            <ActionIcon
              color="red.8"
              variant="subtle"
              aria-label={`Delete ${page.route ?? page.file}`}
              disabled={page.route === null}
              onClick={onDelete}
            >
              <UiIcon name="trash" size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  );
}

function DeletePageModal({
  page,
  onClose,
  onConfirm,
}: {
  page: PageSummary | null;
  onClose: () => void;
  onConfirm: (page: PageSummary) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={page !== null}
      onClose={onClose}
      title="Delete this page?"
      centered
    >
      {page ? (
        <Stack>
          <Text size="sm">
            <strong>{page.title || page.file}</strong> ({page.route}) will be removed from the site:
            the file <code>{page.file}</code> is deleted from the project. Links to it will show up
            as problems on the pages that have them.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.8"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                await onConfirm(page);
                setBusy(false);
              }}
            >
              Delete page
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
