import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Identity } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';
import { failureText } from './failure.ts';

/**
 * Asked once: the name and e-mail that go with every publish, kept in this project's own settings.
 */
export function IdentityFields({
  api,
  onSaved,
}: {
  api: Api;
  onSaved: (identity: Identity) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      const status = await api.publishing.setIdentity({ name, email });
      if (status.identity) onSaved(status.identity);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <Paper withBorder p="md" data-testid="identity-form">
      <Stack gap="xs">
        <Text fw={600}>Who is publishing?</Text>
        <Text size="sm" c="gray.7">
          Your name and e-mail go with each change you publish, so colleagues know whom to ask. You
          are asked once; they are kept in this project's settings on this computer.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label="Your name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="identity-name"
            autoComplete="name"
          />
          <TextInput
            label="Your e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-testid="identity-email"
            autoComplete="email"
          />
        </Group>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button onClick={() => void save()} data-testid="identity-save">
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
