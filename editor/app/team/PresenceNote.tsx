import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { teamPageWords } from '../../../engine/errors.ts';
import type { Api } from '../api.ts';

const BEAT_MS = 10_000;

/**
 * Team mode (`npm run team`): who else has this page open, by name. This editor says every few
 * seconds that the page is open here; nothing is locked.
 */
export function PresenceNote({ api, file }: { api: Api; file: string }) {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (!api.csrf) return;
    let stopped = false;
    const beat = () =>
      api.presence(file).then(
        (answer) => !stopped && setOthers(answer.others),
        () => undefined,
      );
    void beat();
    const timer = setInterval(() => void beat(), BEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, file]);
  if (!others.length) return null;
  return (
    <Alert color="blue" radius="md" p="sm" data-testid="presence">
      {teamPageWords.alsoHere(others)}
    </Alert>
  );
}
