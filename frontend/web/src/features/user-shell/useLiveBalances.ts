/**
 * Live balances: the API pushes `balance` on /api/users/events when the user's money moves (an
 * approval, a payout, a rejection), and the screens showing money refetch. EventSource reconnects
 * by itself after a dropped connection; when the server refuses the stream outright (404, 401,
 * a proxy's 502 while the API restarts) it gives up, so we try again later, slowly, never in a loop.
 */
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../shared/api/api';
import { moneyTags } from '../../shared/api/account';

export const LIVE_BALANCES_URL = '/api/users/events';
/** Waits before reopening a refused stream: 30 s, doubling, at most 10 minutes. */
export const REOPEN_FIRST_MS = 30_000;
export const REOPEN_MAX_MS = 600_000;

export function useLiveBalances(enabled = true): void {
  const dispatch = useDispatch();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let wait = REOPEN_FIRST_MS;

    const refresh = () => dispatch(api.util.invalidateTags([...moneyTags, 'Submissions']));

    const open = () => {
      source = new EventSource(LIVE_BALANCES_URL);
      source.addEventListener('ready', () => {
        wait = REOPEN_FIRST_MS;
        // From here on every change is announced; what moved before (between the page's first
        // read and this moment, or while disconnected) is picked up by reading once more.
        refresh();
        dispatch(api.util.invalidateTags(['Notifications']));
      });
      source.addEventListener('balance', refresh);
      source.addEventListener('notification', () => dispatch(api.util.invalidateTags(['Notifications'])));
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return; // reconnecting by itself
        source.close();
        reopenTimer = setTimeout(open, wait);
        wait = Math.min(wait * 2, REOPEN_MAX_MS);
      });
    };

    open();
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [enabled, dispatch]);
}
