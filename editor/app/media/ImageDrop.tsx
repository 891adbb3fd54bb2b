import { Box, Button, FileButton, Group, Loader, Text } from '@mantine/core';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { UploadedImage } from '../../shared/api.ts';
import { ApiFailure } from '../api.ts';
import { UiIcon } from '../ui-icons.tsx';

/** What the browser may offer in its file chooser; what is taken is decided by the server. */
const CHOOSER_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

export interface Refusal {
  message: string;
  hint?: string;
}

export const refusalOf = (error: unknown): Refusal =>
  error instanceof ApiFailure
    ? { message: error.message, ...(error.hint ? { hint: error.hint } : {}) }
    : { message: 'The image could not be sent to the editor.', hint: 'Try again.' };

/**
 * A place to drop an image from the author's computer, with a button to choose one instead. The
 * image goes to `upload`; what it answers (or why it refused) is said below it.
 */
export function ImageDrop({
  upload,
  onAdded,
  label,
  testId,
  children,
}: {
  upload: (file: File) => Promise<UploadedImage>;
  onAdded: (image: UploadedImage) => void;
  /** The button's words (the drop area's name for screen readers too). */
  label: string;
  testId: string;
  /** Shown beside the button: a field's own input, or a sentence. */
  children?: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const send = async (file: File | null | undefined) => {
    if (!file || sending) return;
    setRefusal(null);
    setSending(file.name);
    try {
      onAdded(await upload(file));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSending(null);
    }
  };
  const dragging = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return (
    <Box
      data-testid={testId}
      data-dragging={over || undefined}
      onDragEnter={dragging}
      onDragOver={dragging}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void send(event.dataTransfer.files[0]);
      }}
      style={{
        borderRadius: 8,
        outline: over ? '2px dashed var(--mantine-color-brand-6)' : undefined,
        outlineOffset: 4,
        background: over ? 'var(--mantine-color-brand-0)' : undefined,
      }}
    >
      {children}
      <Group gap="xs" mt={6} wrap="wrap">
        <FileButton onChange={(file) => void send(file)} accept={CHOOSER_TYPES}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<UiIcon name="upload" size={14} />}
              disabled={sending !== null}
            >
              {label}
            </Button>
          )}
        </FileButton>
        {sending ? (
          <Group gap={6} role="status">
            <Loader size={14} />
            <Text size="xs" c="gray.7">
              Adding {sending}…
            </Text>
          </Group>
        ) : (
          <Text size="xs" c="gray.7">
            or drop a JPEG, PNG, WebP, AVIF or GIF here (up to 20 MB)
          </Text>
        )}
      </Group>
      {refusal ? (
        <Box role="alert" mt={6} data-testid={`${testId}-refusal`}>
          <Text size="sm" c="red.8" fw={600}>
            {refusal.message}
          </Text>
          {refusal.hint ? (
            <Text size="xs" c="gray.8">
              {refusal.hint}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
