/**
 * In-app toasts (docs/product/user-site.md#what-the-screens-show, #figures-and-limits): success, error or info (anything else is info),
 * 5 seconds unless told otherwise, at most 3 on screen, each closable at once.
 */
import { Intent, type Toaster } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'info';
export const TOAST_DURATION_MS = 5000;
export const MAX_VISIBLE_TOASTS = 3;

export interface ToastOptions {
  /** A bold first line, such as 'Error' (docs/product/user-site.md#messages). */
  title?: string;
  duration?: number;
  /** A toast with the same key replaces the one on screen instead of stacking under it. */
  key?: string;
  /** One button in the toast (such as "Undo"); clicking it closes the toast. */
  action?: { text: string; onClick: () => void };
}

export interface Toasts {
  show(message: string, type?: ToastType | string, options?: ToastOptions): void;
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
}

const ToastContext = createContext<Toasts | null>(null);

const intentOf: Record<ToastType, Intent> = {
  success: Intent.SUCCESS,
  error: Intent.DANGER,
  // Primary is the brand green (app.css), which would read as success.
  info: Intent.NONE,
};
const iconOf = { success: 'tick-circle', error: 'error', info: 'info-sign' } as const;

export function toastType(type: string | undefined): ToastType {
  return type === 'success' || type === 'error' ? type : 'info';
}

export function ToastProvider({ children }: { children: ReactNode }) {
  // Created with the first toast, in a container of this provider's own, removed with it.
  const toaster = useRef<{ ready: Promise<Toaster>; container: HTMLElement } | undefined>(undefined);
  useEffect(
    () => () => {
      toaster.current?.container.remove();
      toaster.current = undefined;
    },
    [],
  );

  const show = useCallback((message: string, type?: string, options: ToastOptions = {}) => {
    const kind = toastType(type);
    if (!toaster.current) {
      const container = document.body.appendChild(document.createElement('div'));
      const ready = import('./overlay-toaster').then(({ createToaster }) => createToaster(container));
      toaster.current = { ready, container };
    }
    void toaster.current.ready.then((shown) =>
      shown.show(
        {
          message: options.title ? (
            <>
              <strong>{options.title}</strong>
              <br />
              {message}
            </>
          ) : (
            message
          ),
          intent: intentOf[kind],
          icon: iconOf[kind],
          timeout: options.duration ?? TOAST_DURATION_MS,
          ...(options.action && { action: { text: options.action.text, onClick: options.action.onClick } }),
        },
        options.key,
      ),
    );
  }, []);

  const value = useMemo<Toasts>(
    () => ({
      show,
      success: (message, options) => show(message, 'success', options),
      error: (message, options) => show(message, 'error', options),
      info: (message, options) => show(message, 'info', options),
    }),
    [show],
  );

  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export function useToast(): Toasts {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
