import {
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { bytes } from '../../changes/values.ts';
import type { MediaImage, MediaResponse } from '../../shared/api.ts';
import type { Api } from '../api.ts';
import { hrefFor, screenOfFile } from '../route.ts';
import { useToast } from '../toasts.tsx';
import { UiIcon } from '../ui-icons.tsx';
import { ImageDrop, refusalOf, type Refusal } from './ImageDrop.tsx';

const nameOf = (src: string) => src.split('/').pop() ?? src;
const pixels = (image: MediaImage) =>
  image.width && image.height ? ` · ${image.width} × ${image.height} px` : '';

/**
 * Every image in the site's files: a thumbnail, its size, the pages that use it. Images are added
 * here (or in any image field) and removed here once no page uses them.
 */
export function MediaScreen({ api }: { api: Api }) {
  const [data, setData] = useState<MediaResponse | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<MediaImage | null>(null);
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const toast = useToast();

  const load = useCallback(
    () =>
      api.media().then(
        (answer) => setData(answer),
        (error: unknown) => setFailure(refusalOf(error)),
      ),
    [api],
  );
  useEffect(() => void load(), [load]);

  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    const images = data?.images ?? [];
    return words
      ? images.filter(
          (image) =>
            image.src.toLowerCase().includes(words) ||
            image.usedBy.some((user) => user.title.toLowerCase().includes(words)),
        )
      : images;
  }, [data, query]);
  const unused = data?.images.filter((image) => !image.usedBy.length).length ?? 0;

  const remove = async (image: MediaImage) => {
    setRemoving(null);
    try {
      await api.removeImage(image.src);
      toast({ color: 'green', message: `${nameOf(image.src)} removed.` });
    } catch (error) {
      const refusal = refusalOf(error);
      toast({ color: 'red', title: refusal.message, message: refusal.hint ?? '' });
    }
    await load();
  };

  return (
    <Box maw={1040} mx="auto" px="lg" py="lg" style={{ overflowY: 'auto', height: '100%' }}>
      <Group justify="space-between" align="flex-end" mb="md">
        <div>
          <Title order={1} size="h2">
            Media
          </Title>
          <Text c="gray.7" size="sm">
            {data ? `${data.images.length} images · ${unused} not used on any page` : 'Loading…'}
          </Text>
        </div>
      </Group>

      <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label="Add an image">
        <ImageDrop
          testId="media-drop"
          label="Add an image from your computer…"
          upload={(file) => api.uploadImage(file)}
          onAdded={(image) => {
            setJustAdded(image.src);
            void load();
          }}
        >
          <Text size="sm">
            Added images go to the site&apos;s images folder, without their camera and location
            details. Use one on a page by choosing it in an image field; you describe it there.
          </Text>
        </ImageDrop>
        {justAdded ? (
          <Text size="sm" c="gray.9" fw={600} mt="xs" role="status" data-testid="media-added">
            Added {nameOf(justAdded)}. Choose it in an image field of a page to show it there.
          </Text>
        ) : null}
      </Paper>

      <TextInput
        mb="md"
        placeholder="Find by name or page"
        aria-label="Find an image"
        leftSection={<UiIcon name="search" size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />

      {failure ? (
        <Text c="red.8" role="alert">
          {failure.message}
        </Text>
      ) : null}

      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Images"
      >
        {shown.map((image) => (
          <Paper
            key={image.src}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="media-item"
            data-src={image.src}
            style={
              image.src === justAdded
                ? { outline: '2px solid var(--mantine-color-brand-6)' }
                : undefined
            }
          >
            <Image
              src={image.src}
              alt=""
              h={120}
              fit="contain"
              radius="sm"
              bg="gray.1"
              loading="lazy"
            />
            <Text fw={650} size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {nameOf(image.src)}
            </Text>
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {image.src.slice(0, -nameOf(image.src).length)}
            </Text>
            <Text size="xs" c="gray.8" mt={2}>
              {bytes(image.bytes)}
              {pixels(image)}
            </Text>
            {image.usedBy.length ? (
              <Text size="xs" mt={6} c="gray.8">
                Used on{' '}
                {image.usedBy.map((user, index) => (
                  <span key={user.file}>
                    {index ? ', ' : ''}
                    <Anchor
                      size="xs"
                      underline="always"
                      href={hrefFor(screenOfFile(user.file))}
                      title={user.title}
                    >
                      <bdi>{user.route ?? user.title}</bdi>
                    </Anchor>
                  </span>
                ))}
                , so it cannot be removed.
              </Text>
            ) : (
              <>
                <Text size="xs" c="gray.7" mt={6}>
                  Not used on any page
                </Text>
                <Button
                  mt={6}
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<UiIcon name="trash" size={14} />}
                  aria-label={`Remove ${nameOf(image.src)}`}
                  onClick={() => setRemoving(image)}
                >
                  Remove
                </Button>
              </>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {data && !shown.length ? (
        <Text c="gray.7" mt="md">
          No image matches.
        </Text>
      ) : null}

      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `Remove ${nameOf(removing.src)}?` : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Text size="sm">
          No page uses it. It is deleted from this computer now, and from the site when you publish.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Keep it
          </Button>
          <Button
            color="red.9"
            onClick={() => removing && void remove(removing)}
            data-testid="confirm-remove-image"
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}
