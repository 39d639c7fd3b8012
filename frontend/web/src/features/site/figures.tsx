/**
 * The site figures on screen. A figure is shown only when the server gave it: while loading, a
 * placeholder; when the call failed, the sentence is written without it (never a guess).
 *
 * Read with a plain fetch, not the app's RTK Query API: the public pages hydrate without the Redux
 * store (src/app/site-main.tsx), so the landing page stays light. One read serves every page of a
 * visit (SiteFiguresProvider); configuration changes rarely.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatNaira, formatWholeNaira } from '../../shared/money';
import type { SiteFigures } from './api';

export type FiguresState =
  | { status: 'loading'; figures: undefined }
  | { status: 'ready'; figures: SiteFigures }
  | { status: 'failed'; figures: undefined };

const LOADING: FiguresState = { status: 'loading', figures: undefined };
const FAILED: FiguresState = { status: 'failed', figures: undefined };
/** A network failure or a 5xx is tried again, 1 s then 2 s later; any other answer is final. */
const RETRY_DELAYS_MS = [1000, 2000];

class RetryableFailure extends Error {}

async function fetchFigures(): Promise<SiteFigures> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await fetch(new Request('/api/site', { credentials: 'same-origin' }));
      if (answer.ok) return (await answer.json()) as SiteFigures;
      if (answer.status < 500) throw new Error(`GET /api/site answered ${answer.status}`);
      throw new RetryableFailure(`GET /api/site answered ${answer.status}`);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !(error instanceof RetryableFailure || error instanceof TypeError))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The figures' read: loaded once, kept for the visit; a failed read is tried again by the next page. */
export interface SiteFiguresRead {
  subscribe(onChange: () => void): () => void;
  current(): FiguresState;
  load(): void;
}

export function createSiteFiguresRead(): SiteFiguresRead {
  let state = LOADING;
  let loading = false;
  const listeners = new Set<() => void>();
  const set = (next: FiguresState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    current: () => state,
    load() {
      if (loading || state.status === 'ready') return;
      loading = true;
      if (state.status === 'failed') set(LOADING);
      fetchFigures()
        .then(
          (figures) => set({ status: 'ready', figures }),
          () => set(FAILED),
        )
        .finally(() => {
          loading = false;
        });
    },
  };
}

const SiteFiguresContext = createContext<SiteFiguresRead | null>(null);

/** Shares one read of the figures between the pages of a visit. */
export function SiteFiguresProvider({ children }: { children: ReactNode }) {
  const [read] = useState(createSiteFiguresRead);
  return <SiteFiguresContext.Provider value={read}>{children}</SiteFiguresContext.Provider>;
}

/** The figures; a page rendered outside SiteFiguresProvider reads them on its own. */
export function useSiteFigures(): FiguresState {
  const shared = useContext(SiteFiguresContext);
  const [own] = useState(() => (shared ? null : createSiteFiguresRead()));
  const read = shared ?? own!;
  // Pre-rendered while loading, so hydrated as such before the figures are shown.
  const state = useSyncExternalStore(read.subscribe, read.current, () => LOADING);
  useEffect(() => read.load(), [read]);
  return state;
}

/** ₦2,000 for whole naira, ₦52.50 otherwise. */
export function nairaFigure(amount: number): string {
  return Number.isInteger(amount) ? formatWholeNaira(amount) : formatNaira(amount);
}

/** A short grey bar standing in for a figure that is still loading. */
export function FigureSkeleton({ width = '4em' }: { width?: string }) {
  return (
    <span className="kobo-site-skeleton" style={{ width }} aria-hidden="true">
      &nbsp;
    </span>
  );
}

/**
 * A sentence that needs a figure: `withFigure` once it is known, a placeholder while loading,
 * `without` when the figures could not be read.
 */
export function FigureText({
  state,
  withFigure,
  without,
}: {
  state: FiguresState;
  withFigure: (figures: SiteFigures) => ReactNode;
  without: ReactNode;
}) {
  if (state.status === 'ready') return <>{withFigure(state.figures)}</>;
  if (state.status === 'failed') return <>{without}</>;
  return (
    <>
      <FigureSkeleton />
      <span className="kobo-visually-hidden">Loading</span>
    </>
  );
}
