import { TOAST } from '@zaplecze/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { m } from '@web/i18n';

export type ToastKind = 'error' | 'warning' | 'success' | 'info';

export interface ToastInput {
  title: string;
  body?: string;
  /** Seconds until it closes; 0 stays until closed. Defaults per kind (docs/rules/platform-rules.md §9). */
  seconds?: number;
  /** A toast with an id replaces an open one with the same id and can be removed by it. */
  id?: string;
}

interface ToastItem extends Required<Omit<ToastInput, 'body'>> {
  body: string | undefined;
  kind: ToastKind;
  visible: boolean;
}

export interface ToastApi {
  show(kind: ToastKind, input: ToastInput): string;
  error(title: string, body?: string, seconds?: number): string;
  warning(title: string, body?: string, seconds?: number): string;
  success(title: string, body?: string, seconds?: number): string;
  info(title: string, body?: string, seconds?: number): string;
  remove(id: string): void;
}

const DEFAULT_SECONDS: Record<ToastKind, number> = {
  error: TOAST.errorSeconds,
  warning: TOAST.warningSeconds,
  success: TOAST.successSeconds,
  info: TOAST.infoSeconds,
};

const VARIANT: Record<ToastKind, { bg: string; icon: string; text: string }> = {
  error: { bg: 'danger', icon: 'bi-x-octagon-fill', text: 'text-white' },
  warning: { bg: 'warning', icon: 'bi-exclamation-triangle-fill', text: 'text-dark' },
  success: { bg: 'success', icon: 'bi-check-circle-fill', text: 'text-white' },
  info: { bg: 'info', icon: 'bi-info-circle-fill', text: 'text-dark' },
};

const ToastContext = createContext<ToastApi | undefined>(undefined);
let seq = 0;

/** Toasts stack at the bottom right; they appear after 200 ms and fade out over 700 ms. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<string, number[]>());

  const later = useCallback((id: string, ms: number, fn: () => void) => {
    const t = window.setTimeout(fn, ms);
    timers.current.set(id, [...(timers.current.get(id) ?? []), t]);
  }, []);

  const forget = useCallback((id: string) => {
    for (const t of timers.current.get(id) ?? []) window.clearTimeout(t);
    timers.current.delete(id);
  }, []);

  const remove = useCallback(
    (id: string) => {
      forget(id);
      setItems((list) => list.map((x) => (x.id === id ? { ...x, visible: false } : x)));
      later(id, TOAST.fadeMs, () => {
        timers.current.delete(id);
        setItems((list) => list.filter((x) => x.id !== id || x.visible));
      });
    },
    [forget, later],
  );

  const show = useCallback(
    (kind: ToastKind, input: ToastInput) => {
      const id = input.id ?? `toast-${++seq}`;
      const seconds = input.seconds ?? DEFAULT_SECONDS[kind];
      forget(id);
      setItems((list) => [
        ...list.filter((x) => x.id !== id),
        { id, kind, title: input.title, body: input.body, seconds, visible: false },
      ]);
      later(id, TOAST.appearDelayMs, () =>
        setItems((list) => list.map((x) => (x.id === id ? { ...x, visible: true } : x))),
      );
      if (seconds > 0) later(id, TOAST.appearDelayMs + seconds * 1000, () => remove(id));
      return id;
    },
    [forget, later, remove],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((ts) => ts.forEach((t) => window.clearTimeout(t)));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      remove,
      error: (title, body, seconds) => show('error', { title, body, seconds }),
      warning: (title, body, seconds) => show('warning', { title, body, seconds }),
      success: (title, body, seconds) => show('success', { title, body, seconds }),
      info: (title, body, seconds) => show('info', { title, body, seconds }),
    }),
    [show, remove],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer position="bottom-end" className="p-3 app-toasts" containerPosition="fixed">
        {items.map((t) => {
          const v = VARIANT[t.kind];
          return (
            <Toast
              key={t.id}
              show={t.visible}
              onClose={() => remove(t.id)}
              bg={v.bg}
              animation
              className="app-toast"
              data-testid={`toast-${t.kind}`}
              role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}
            >
              <Toast.Header closeLabel={m().common.close}>
                <i className={`bi ${v.icon} me-2 text-${v.bg}`} aria-hidden="true" />
                <strong className="me-auto">{t.title}</strong>
              </Toast.Header>
              {t.body && <Toast.Body className={v.text}>{t.body}</Toast.Body>}
            </Toast>
          );
        })}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
