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

/**
 * Short messages at the bottom right, announced politely to screen readers; each disappears after 6
 * s.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Array<Toast & { id: number }>>([]);
  const next = useRef(1);
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const show = useCallback<Show>(
    (toast) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { ...toast, id }]);
      setTimeout(() => dismiss(id), 6000);
    },
    [dismiss],
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
