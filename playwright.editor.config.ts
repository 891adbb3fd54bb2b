import { defineConfig } from '@playwright/test';
import { ciRetries, editorProject } from './tests/editor/project.ts';

/** The page editor's end-to-end tests alone (`npm run test:editor`): see tests/editor/project.ts. */
export default defineConfig({
  reporter: process.env.CI ? 'line' : 'list',
  globalSetup: './tests/helpers/temp-folder.ts',
  workers: editorProject.workers,
  retries: ciRetries,
  projects: [editorProject],
});
