import { Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { SiteResponse } from '../shared/api.ts';
import { createApi, sessionToken } from './api.ts';
import { hrefFor, useScreen, type Screen } from './route.ts';
import { PageEditorScreen } from './screens/PageEditorScreen.tsx';
import { PageListScreen } from './screens/PageListScreen.tsx';
import { SiteConfigScreen } from './screens/SiteConfigScreen.tsx';
import { UiIcon } from './ui-icons.tsx';

export function App() {
  const api = useMemo(() => createApi(sessionToken()), []);
  const screen = useScreen();
  const [site, setSite] = useState<SiteResponse>();
  useEffect(() => {
    api.site().then(setSite, () => {});
  }, [api, screen.name]);

  useEffect(() => {
    document.title =
      screen.name === 'edit'
        ? `${screen.file} · Page editor`
        : screen.name === 'site'
          ? 'Site settings · Page editor'
          : 'Pages · Page editor';
  }, [screen]);

  if (!api.token) return <NoToken />;
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Header screen={screen} />
      <Box component="main" id="main" style={{ flex: 1, minHeight: 0 }}>
        {screen.name === 'pages' ? <PageListScreen api={api} /> : null}
        {screen.name === 'edit' ? (
          <PageEditorScreen key={screen.file} api={api} file={screen.file} site={site} />
        ) : null}
        {screen.name === 'site' ? <SiteConfigScreen api={api} site={site} /> : null}
      </Box>
    </Box>
  );
}

function Header({ screen }: { screen: Screen }) {
  const link = (target: Screen, label: string, icon: 'file' | 'settings') => {
    const current =
      screen.name === target.name || (target.name === 'pages' && screen.name === 'edit');
    return (
      <UnstyledButton
        component="a"
        href={hrefFor(target)}
        aria-current={current ? 'page' : undefined}
        px="sm"
        py={6}
        style={{
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          fontSize: 14,
          fontWeight: 600,
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
        </Group>
      </Group>
      <Text size="xs" c="gray.7" visibleFrom="md">
        Saves go straight to the project's files
      </Text>
    </Box>
  );
}

function NoToken() {
  return (
    <Box p="xl" maw={560} mx="auto" component="main">
      <Text fw={700} size="lg" component="h1">
        Open the editor from the address `npm run edit` printed
      </Text>
      <Text mt="sm">
        This page needs the session key that is part of that address (…/?token=…). Run `npm run
        edit` again and open the address it prints.
      </Text>
    </Box>
  );
}
