import { Button, Group, Notification, Portal, Stack } from '@mantine/core';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export interface Toast {
  message: ReactNode;
  title?: string;
  color?: 'red' | 'green' | 'orange' | 'blue' | 'gray';
  /** A button in the toast, e.g. "Undo". */
  action?: { label: string; run: () => void };
}

type Show = (toast: Toast) => void;
const ToastContext = createContext<Show>(() => {});

export const useToast = () => useContext(ToastContext);

const SHOWN_MS = 6000;

/**
 * Short messages at the bottom right, announced politely to screen readers; each disappears 6 s
 * after it was shown or last had the pointer or the keyboard's focus (time to reach its Undo).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Array<Toast & { id: number }>>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  /** What keeps each toast on screen for now: the pointer over it, the focus inside it. */
  const holders = useRef(new Map<number, Set<'pointer' | 'focus'>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    holders.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const hold = useCallback((id: number, by: 'pointer' | 'focus') => {
    clearTimeout(timers.current.get(id));
    holders.current.set(id, new Set(holders.current.get(id)).add(by));
  }, []);
  const release = useCallback(
    (id: number, by?: 'pointer' | 'focus') => {
      const held = holders.current.get(id);
      if (by) held?.delete(by);
      if (held?.size) return;
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), SHOWN_MS),
      );
    },
    [dismiss],
  );
  const show = useCallback<Show>(
    (toast) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { ...toast, id }]);
      release(id);
    },
    [release],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Portal>
        <Stack
          gap="xs"
          role="status"
          aria-live="polite"
          style={{
            position: 'fixed',
            right: 16,
            bottom: 16,
            zIndex: 400,
            width: 360,
            maxWidth: 'calc(100vw - 32px)',
          }}
        >
          {toasts.map((toast) => (
            <Notification
              key={toast.id}
              title={toast.title}
              color={toast.color ?? 'blue'}
              onClose={() => dismiss(toast.id)}
              closeButtonProps={{ 'aria-label': 'Close message' }}
              withBorder
              onMouseEnter={() => hold(toast.id, 'pointer')}
              onMouseLeave={() => release(toast.id, 'pointer')}
              onFocus={() => hold(toast.id, 'focus')}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) release(toast.id, 'focus');
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <span style={{ minWidth: 0 }}>{toast.message}</span>
                {toast.action ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    // Its whole label, however long the message beside it ("Unc" otherwise).
                    style={{ flexShrink: 0 }}
                    onClick={() => {
                      toast.action!.run();
                      dismiss(toast.id);
                    }}
                  >
                    {toast.action.label}
                  </Button>
                ) : null}
              </Group>
            </Notification>
          ))}
        </Stack>
      </Portal>
    </ToastContext.Provider>
  );
}
