// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toasts.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function ShowButton() {
  const show = useToast();
  return (
    <button
      onClick={() => show({ message: 'FAQ added', action: { label: 'Undo', run: () => {} } })}
    >
      Add
    </button>
  );
}

function showToast() {
  render(
    <MantineProvider>
      <ToastProvider>
        <ShowButton />
      </ToastProvider>
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  return () => screen.queryByText('FAQ added');
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const toastOf = (shown: () => HTMLElement | null) =>
  shown()!.closest('.mantine-Notification-root')!;

it('goes 6 s after it is shown', () => {
  const shown = showToast();
  wait(5900);
  expect(shown()).not.toBeNull();
  wait(200);
  expect(shown()).toBeNull();
});

it('stays while the pointer is over it, and goes 6 s after the pointer left', () => {
  const shown = showToast();
  wait(3000);
  fireEvent.mouseEnter(toastOf(shown));
  wait(20_000);
  expect(shown()).not.toBeNull();
  fireEvent.mouseLeave(toastOf(shown));
  wait(5900);
  expect(shown()).not.toBeNull();
  wait(200);
  expect(shown()).toBeNull();
});

it('stays while its Undo has the focus, even once the pointer has left', () => {
  const shown = showToast();
  fireEvent.mouseEnter(toastOf(shown));
  act(() => screen.getByRole('button', { name: 'Undo' }).focus());
  fireEvent.mouseLeave(toastOf(shown));
  wait(20_000);
  expect(shown()).not.toBeNull();
  act(() => screen.getByRole('button', { name: 'Add' }).focus());
  wait(6100);
  expect(shown()).toBeNull();
});
