/**
 * The site figures on screen. A figure is shown only when the server gave it: while loading, a
 * placeholder; when the call failed, the sentence is written without it (never a guess).
 */
import type { ReactNode } from 'react';
import { formatNaira, formatWholeNaira } from '../../shared/money';
import { useGetSiteFiguresQuery, type SiteFigures } from './api';

export type FiguresState =
  | { status: 'loading'; figures: undefined }
  | { status: 'ready'; figures: SiteFigures }
  | { status: 'failed'; figures: undefined };

export function useSiteFigures(): FiguresState {
  const { data, isError } = useGetSiteFiguresQuery();
  if (data) return { status: 'ready', figures: data };
  return isError ? { status: 'failed', figures: undefined } : { status: 'loading', figures: undefined };
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
