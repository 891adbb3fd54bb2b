import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiFailure, type Api } from '../api.ts';

/**
 * "New page": the same templates and route checks as `npm run new-page` (the server runs that
 * code).
 */
export function NewPageModal({
  api,
  opened,
  onClose,
  onCreated,
}: {
  api: Api;
  opened: boolean;
  onClose: () => void;
  onCreated: (path: string) => void;
}) {
  const [route, setRoute] = useState('');
  const [title, setTitle] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [publish, setPublish] = useState(false);
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await api.createPage({
        route: route.trim(),
        title: title.trim() || undefined,
        template: template ?? undefined,
        publish,
      });
      setRoute('');
      setTitle('');
      onCreated(created.path);
    } catch (failure) {
      setError(
        failure instanceof ApiFailure
          ? { message: failure.message, hint: failure.hint }
          : { message: String(failure) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="New page"
      size="md"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Address (route)"
            description="Where the page lives on the site: lowercase words separated by / and -."
            placeholder="/solutions/resorts"
            value={route}
            onChange={(e) => setRoute(e.currentTarget.value)}
            withAsterisk
            data-autofocus
            data-testid="new-page-route"
            error={
              error ? (
                <span>
                  {error.message}
                  {error.hint ? (
                    <Text component="span" size="xs" c="gray.7" display="block">
                      {error.hint}
                    </Text>
                  ) : null}
                </span>
              ) : undefined
            }
          />
          <TextInput
            label="Title"
            description="Optional: the template's title is used when empty."
            placeholder="Staylix for Resorts"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Select
            label="Template"
            description="Guessed from the address when not chosen."
            placeholder="From the address"
            clearable
            value={template}
            onChange={setTemplate}
            data={[
              { value: 'solution', label: 'Solution page (hero, overview, benefits, FAQ…)' },
              { value: 'resource', label: 'Resource page (article, guide)' },
              { value: 'legal', label: 'Legal page (policy text)' },
            ]}
          />
          <Switch
            label="Live: visitors see it once published"
            description={
              publish
                ? 'On: the page goes on the site with your next Publish.'
                : 'Off: a draft. You see it here; visitors do not, even after Publish, until you make it live.'
            }
            data-testid="new-page-live"
            checked={publish}
            onChange={(e) => setPublish(e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!route.trim()}>
              Create page
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
