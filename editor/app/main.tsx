import './mantine.css';
import './editor.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { editorTheme } from './theme.ts';
import { ToastProvider } from './toasts.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={editorTheme}>
      <ToastProvider>
        <App />
      </ToastProvider>
    </MantineProvider>
  </StrictMode>,
);
