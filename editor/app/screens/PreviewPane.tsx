import { Anchor, Box, Group, SegmentedControl, Text } from '@mantine/core';
import { forwardRef, memo, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { ParentToPreview, PreviewToParent } from '../../shared/api.ts';
import { previewUrl } from '../../shared/api.ts';
import { UiIcon } from '../ui-icons.tsx';

export interface PreviewHandle {
  /** Draws the editor's text again; `revision` is the draft's, as the server numbered it. */
  refresh: (revision?: number) => void;
  highlight: (index: number) => void;
}

const DESKTOP = 1280;
const MOBILE = 390;

/**
 * The real page, rendered by the server with the editor's unsaved text (same blocks, layout and CSS
 * as the build), in an iframe: at desktop width scaled to fit, or at phone width. It talks to the
 * editor with postMessage.
 */
export const PreviewPane = memo(
  forwardRef<
    PreviewHandle,
    { route: string; file: string; token: string; onSelectBlock: (index: number) => void }
  >(function PreviewPane({ route, file, token, onSelectBlock }, ref) {
    const frame = useRef<HTMLIFrameElement>(null);
    const box = useRef<HTMLDivElement>(null);
    const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
    const [size, setSize] = useState({ width: 800, height: 600 });
    const [stale, setStale] = useState<string | null>(null);
    const [revision, setRevision] = useState<number | null>(null);
    const onSelect = useRef(onSelectBlock);
    onSelect.current = onSelectBlock;
    const src = previewUrl(route, file, token);

    const post = (message: ParentToPreview) =>
      frame.current?.contentWindow?.postMessage(message, window.location.origin);
    /**
     * The newest draft the preview should show, and the last one asked for again: a refresh sent
     * before the preview's script listens (a cold start renders slowly) is lost, so a preview
     * that reports an older draft is asked once more.
     */
    const wanted = useRef({ revision: 0, askedAgain: 0 });
    /** The block to show, sent again when the preview's script starts. */
    const shown = useRef<number | null>(null);
    useImperativeHandle(
      ref,
      () => ({
        refresh: (revision) => {
          if (revision !== undefined)
            wanted.current.revision = Math.max(wanted.current.revision, revision);
          post({ type: 'refresh' });
        },
        highlight: (index) => {
          shown.current = index;
          post({ type: 'highlight-block', index });
        },
      }),
      [],
    );

    useEffect(() => {
      const onMessage = (event: MessageEvent<PreviewToParent>) => {
        if (
          event.source !== frame.current?.contentWindow ||
          event.origin !== window.location.origin
        )
          return;
        const message = event.data;
        if (message?.type === 'select-block') onSelect.current(message.index);
        else if (message?.type === 'preview-updated') {
          setStale(null);
          setRevision(message.revision);
          const { revision: newest, askedAgain } = wanted.current;
          if (message.revision < newest && askedAgain < newest) {
            wanted.current.askedAgain = newest;
            post({ type: 'refresh' });
          }
        } else if (message?.type === 'preview-stale') setStale(message.message);
        else if (message?.type === 'preview-ready' && shown.current !== null)
          post({ type: 'highlight-block', index: shown.current });
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    }, []);

    useEffect(() => {
      const element = box.current;
      if (!element) return;
      const observer = new ResizeObserver(
        ([entry]) =>
          entry && setSize({ width: entry.contentRect.width, height: entry.contentRect.height }),
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);

    const frameWidth = device === 'desktop' ? DESKTOP : MOBILE;
    const scale = Math.min(1, (size.width - (device === 'mobile' ? 32 : 0)) / frameWidth);
    return (
      <Box
        style={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}
        component="section"
        aria-label="Preview"
      >
        <Group
          justify="space-between"
          px="sm"
          py={6}
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={650}>
              Preview
            </Text>
            <Text
              size="xs"
              c={stale ? 'var(--ed-warn)' : 'gray.7'}
              data-testid="preview-status"
              data-revision={revision ?? ''}
              aria-live="polite"
              truncate
            >
              {stale
                ? `Showing the last version that could be drawn: ${stale}`
                : 'Live: shows your changes before they are saved'}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              size="xs"
              aria-label="Preview width"
              value={device}
              onChange={(value) => setDevice(value as 'desktop' | 'mobile')}
              data={[
                {
                  value: 'desktop',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <UiIcon name="desktop" size={14} />
                      <span>Desktop</span>
                    </Group>
                  ),
                },
                {
                  value: 'mobile',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <UiIcon name="mobile" size={14} />
                      <span>Phone</span>
                    </Group>
                  ),
                },
              ]}
            />
            <Anchor
              href={src}
              target="_blank"
              rel="noopener"
              size="xs"
              aria-label="Open the preview in a new tab"
              style={{ display: 'flex' }}
            >
              <UiIcon name="external" size={16} />
            </Anchor>
          </Group>
        </Group>
        <Box
          ref={box}
          style={{
            flex: 1,
            minHeight: 0,
            overflow: 'hidden',
            background: 'var(--mantine-color-gray-2)',
            position: 'relative',
          }}
        >
          <Box
            style={{
              position: 'absolute',
              top: device === 'mobile' ? 16 : 0,
              left: device === 'mobile' ? Math.max(16, (size.width - frameWidth * scale) / 2) : 0,
              width: frameWidth,
              height: (size.height - (device === 'mobile' ? 32 : 0)) / scale,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
              boxShadow: device === 'mobile' ? '0 6px 24px rgb(0 0 0 / 0.15)' : undefined,
              borderRadius: device === 'mobile' ? 12 : 0,
              overflow: 'hidden',
              background: 'white',
            }}
          >
            <iframe
              ref={frame}
              src={src}
              title={`Preview of ${route}`}
              data-testid="preview-frame"
              style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
            />
          </Box>
        </Box>
      </Box>
    );
  }),
);
