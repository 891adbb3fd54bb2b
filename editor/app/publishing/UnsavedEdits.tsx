import { Alert, Anchor, List, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { routeFromFile } from '../../../engine/routes.ts';
import { unsavedFiles } from '../editing/recovery.ts';
import { hrefFor, screenOfFile } from '../route.ts';

/**
 * The pages with edits not saved yet (kept in this browser): Publish sends only saved files, so
 * Changes says where the rest waits and links there.
 */
export function UnsavedEdits() {
  const [files, setFiles] = useState(unsavedFiles);
  useEffect(() => {
    // Another tab saving or typing changes the list.
    const update = () => setFiles(unsavedFiles());
    window.addEventListener('storage', update);
    return () => window.removeEventListener('storage', update);
  }, []);
  if (files.length === 0) return null;
  return (
    <Alert color="orange" title="Edits not saved yet" data-testid="unsaved-edits" mb="md">
      <Text size="sm">
        Publish sends saved pages only. Open these, look at the edits and save them (or undo them):
      </Text>
      <List size="sm" mt={4}>
        {files.map((file) => (
          <List.Item key={file}>
            <Anchor href={hrefFor(screenOfFile(file))} underline="always">
              {file === 'site.config.yaml'
                ? 'Site settings'
                : `Page ${routeFromFile(file) ?? file}`}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
