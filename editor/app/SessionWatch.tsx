import { Alert, Anchor, Box, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { editorMessages, teamMessages, teamPageWords } from '../../engine/errors.ts';
import { SESSION_ENDED, UNREACHABLE, type Api } from './api.ts';

const PROBE_MS = 3000;

/**
 * Whether this tab can still talk to the editor: a request that cannot reach it ("not answering",
 * checked again every few seconds until it answers) or that it refuses because it was restarted
 * with a new key ("session ended", for good: only the new address works). Said in words, with
 * what to do, instead of screens that wait for ever.
 */
export function useSession(api: Api): 'ok' | 'unreachable' | 'ended' {
  const [state, setState] = useState<'ok' | 'unreachable' | 'ended'>('ok');
  useEffect(() => {
    const ended = () => setState('ended');
    const unreachable = () => setState((now) => (now === 'ended' ? now : 'unreachable'));
    window.addEventListener(SESSION_ENDED, ended);
    window.addEventListener(UNREACHABLE, unreachable);
    // The server's event stream breaks when the editor stops: the first sign in an idle tab.
    const events = typeof EventSource === 'undefined' ? null : api.events();
    if (events) events.onerror = () => void api.site().catch(() => undefined);
    return () => {
      window.removeEventListener(SESSION_ENDED, ended);
      window.removeEventListener(UNREACHABLE, unreachable);
      events?.close();
    };
  }, [api]);
  useEffect(() => {
    if (state !== 'unreachable') return;
    const timer = setInterval(() => {
      api.site().then(
        () => setState((now) => (now === 'unreachable' ? 'ok' : now)),
        () => undefined,
      );
    }, PROBE_MS);
    return () => clearInterval(timer);
  }, [api, state]);
  return state;
}

/**
 * The editor no longer takes this tab's requests. In team mode (`team`) the session ended: signing
 * in again comes back to the editor, whose unsaved text was kept in this browser.
 */
export function SessionEnded({ team = false }: { team?: boolean }) {
  if (team) {
    const { message, hint } = teamMessages.signInRequired();
    return (
      <Box p="xl" maw={600} mx="auto" component="main" data-testid="session-ended">
        <Title order={1} size="h2">
          {teamPageWords.problemTitle}
        </Title>
        <Text mt="sm">{message}</Text>
        <Text mt="sm">{hint}</Text>
        <Anchor
          mt="md"
          display="inline-block"
          href={`/auth/sign-in?return=${encodeURIComponent(`/${window.location.hash}`)}`}
          data-testid="sign-in-again"
        >
          {teamPageWords.signInAgain}
        </Anchor>
      </Box>
    );
  }
  const { message, hint } = editorMessages.sessionEnded();
  return (
    <Box p="xl" maw={600} mx="auto" component="main" data-testid="session-ended">
      <Title order={1} size="h2">
        Open the editor again
      </Title>
      <Text mt="sm">{message}</Text>
      <Text mt="sm">{hint}</Text>
    </Box>
  );
}

export function Unreachable() {
  const { message, hint } = editorMessages.unreachable();
  return (
    <Alert color="orange" radius={0} title={message} data-testid="editor-unreachable">
      <Text size="sm">{hint}</Text>
    </Alert>
  );
}
