import { Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { editorMessages } from '../../engine/errors.ts';
import type { SiteResponse } from '../shared/api.ts';
import type { PublishStatus } from '../shared/publish-api.ts';
import { createApi, sessionToken } from './api.ts';
import { hrefFor, useScreen, type Screen } from './route.ts';
import { MediaScreen } from './media/MediaScreen.tsx';
import { ChangesScreen } from './publishing/ChangesScreen.tsx';
import { ConflictsScreen } from './publishing/ConflictsScreen.tsx';
import { ReviewScreen } from './publishing/ReviewScreen.tsx';
import { ReviewsScreen } from './reviews/ReviewsScreen.tsx';
import { usePublishStatus } from './publishing/status.ts';
import { VersionsScreen } from './publishing/VersionsScreen.tsx';
import { PageEditorScreen } from './screens/PageEditorScreen.tsx';
import { PageListScreen } from './screens/PageListScreen.tsx';
import { SiteConfigScreen } from './screens/SiteConfigScreen.tsx';
import { UiIcon } from './ui-icons.tsx';
import { SessionEnded, Unreachable, useSession } from './SessionWatch.tsx';

export function App() {
  const api = useMemo(() => createApi(sessionToken()), []);
  const screen = useScreen();
  const [site, setSite] = useState<SiteResponse>();
  useEffect(() => {
    api.site().then(setSite, () => {});
  }, [api, screen.name]);

  const publishing = usePublishStatus(api);
  const { reload: reloadPublishing } = publishing;
  useEffect(reloadPublishing, [reloadPublishing, screen.name]);

  useEffect(() => {
    const titles: Record<Screen['name'], string> = {
      pages: 'Pages',
      edit: screen.name === 'edit' ? screen.file : '',
      site: 'Site settings',
      changes: 'Changes',
      media: 'Media',
      conflicts: 'Conflicts',
      versions: screen.name === 'versions' ? `History of ${screen.file}` : '',
      review: 'In review',
      reviews: 'Reviews',
    };
    document.title = `${titles[screen.name]} · Page editor`;
  }, [screen]);

  const session = useSession(api);
  const [admin, setAdmin] = useState(false);
  useEffect(() => {
    if (!api.csrf) return;
    api
      .me()
      .then((me) => setAdmin(me.role === 'admin'))
      .catch(() => setAdmin(false));
  }, [api]);
  if (!api.token && !api.csrf) return <NoToken />;
  if (session === 'ended') return <SessionEnded team={Boolean(api.csrf)} />;
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Header
        screen={screen}
        publishing={publishing.status}
        team={Boolean(api.csrf)}
        admin={admin}
      />
      {session === 'unreachable' ? <Unreachable /> : null}
      <Box component="main" id="main" style={{ flex: 1, minHeight: 0 }}>
        {screen.name === 'pages' ? <PageListScreen api={api} /> : null}
        {screen.name === 'edit' ? (
          <PageEditorScreen
            key={screen.file}
            api={api}
            file={screen.file}
            site={site}
            {...(screen.field ? { field: screen.field } : {})}
          />
        ) : null}
        {screen.name === 'site' ? <SiteConfigScreen api={api} site={site} /> : null}
        {screen.name === 'changes' ? <ChangesScreen api={api} /> : null}
        {screen.name === 'media' ? <MediaScreen api={api} /> : null}
        {screen.name === 'conflicts' ? <ConflictsScreen api={api} /> : null}
        {screen.name === 'versions' ? (
          <VersionsScreen key={screen.file} api={api} file={screen.file} />
        ) : null}
        {screen.name === 'review' ? <ReviewScreen api={api} /> : null}
        {screen.name === 'reviews' ? <ReviewsScreen api={api} /> : null}
      </Box>
    </Box>
  );
}

function Header({
  screen,
  publishing,
  team,
  admin = false,
}: {
  screen: Screen;
  publishing: PublishStatus | null;
  team: boolean;
  /** An admin of the team: the log of who did what is one link away. */
  admin?: boolean;
}) {
  // In team mode each person's saves are kept in a workspace of theirs on the server.
  const where = team ? 'in your drafts' : 'on this computer';
  const link = (
    target: Screen | { href: string },
    label: string,
    icon: 'file' | 'settings' | 'upload' | 'clock' | 'image',
    testId?: string,
  ) => {
    const current =
      'name' in target &&
      (screen.name === target.name ||
        (target.name === 'pages' && (screen.name === 'edit' || screen.name === 'versions')) ||
        (target.name === 'changes' && screen.name === 'conflicts'));
    return (
      <UnstyledButton
        component="a"
        href={'name' in target ? hrefFor(target) : target.href}
        aria-current={current ? 'page' : undefined}
        data-testid={testId}
        px="sm"
        py={6}
        style={{
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          fontSize: 14,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          color: current ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-gray-8)',
          background: current ? 'var(--mantine-color-brand-0)' : undefined,
        }}
      >
        <UiIcon name={icon} size={16} />
        {label}
      </UnstyledButton>
    );
  };
  return (
    <Box
      component="header"
      px="md"
      style={{
        height: 52,
        flex: '0 0 52px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        background: 'white',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group gap="lg" wrap="nowrap">
        <Anchor
          href="#/"
          underline="never"
          c="gray.9"
          fw={750}
          style={{ display: 'flex', alignItems: 'center', gap: 8 }}
          aria-label="Page editor: all pages"
        >
          <Box
            component="span"
            style={{
              width: 26,
              height: 26,
              borderRadius: 7,
              background: 'var(--mantine-color-brand-7)',
              color: 'white',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <UiIcon name="blocks" size={15} />
          </Box>
          Page editor
        </Anchor>
        <Group component="nav" aria-label="Editor" gap={4} wrap="nowrap">
          {link({ name: 'pages' }, 'Pages', 'file')}
          {link({ name: 'site' }, 'Site settings', 'settings')}
          {link({ name: 'media' }, 'Media', 'image', 'nav-media')}
          {link({ name: 'changes' }, 'Changes', 'upload', 'nav-changes')}
          {publishing?.mode === 'review' ? link({ name: 'review' }, 'In review', 'clock') : null}
          {team ? link({ name: 'reviews' }, 'Reviews', 'clock', 'nav-reviews') : null}
          {admin ? link({ href: '/team/audit' }, 'Activity', 'clock', 'nav-audit') : null}
        </Group>
      </Group>
      {/* Reviews (and Activity for an admin): the sentence gives way below 1200 px. */}
      <Text
        size="xs"
        c="gray.7"
        visibleFrom={admin || team ? 'lg' : 'md'}
        data-testid="publish-where"
      >
        {publishing?.available
          ? publishing.conflicts
            ? `Saved ${where} · a conflict waits in Changes`
            : `Saves stay ${where} until you publish them`
          : "Saves go straight to the project's files"}
      </Text>
    </Box>
  );
}

function NoToken() {
  return (
    <Box p="xl" maw={560} mx="auto" component="main">
      <Text fw={700} size="lg" component="h1">
        Open the editor from its address
      </Text>
      <Text mt="sm">{editorMessages.noSession().message}</Text>
      <Text mt="sm">{editorMessages.noSession().hint}</Text>
    </Box>
  );
}
