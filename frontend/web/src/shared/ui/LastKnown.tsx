/**
 * What a page says about the age of what it shows: "as of 14:05" beside the title while the data
 * is last-known (kept on the device), a notice with "Try again" when a refresh failed but earlier
 * data is still on screen, and the slim offline bar of the signed-in frames.
 */
import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { errorMessage } from '../api/api';
import { asOfLabel, formatClock } from '../api/last-known';
import './last-known.css';

/*
 * Drawn inline, not with Blueprint's Icon: its artwork loads lazily, one small file per icon, and
 * these show exactly when nothing more can be loaded.
 */
export function OfflineGlyph({ size = 14 }: { size?: number }) {
  return (
    <svg
      className="kobo-glyph-inline"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M1.5 6.2a10 10 0 0 1 13 0M4 9a6.2 6.2 0 0 1 8 0M6.4 11.7a2.6 2.6 0 0 1 3.2 0" />
      <path d="M2.5 2.5l11 11" />
    </svg>
  );
}

function WarningGlyph({ size = 14 }: { size?: number }) {
  return (
    <svg className="kobo-glyph-inline" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <path d="M8 1.2 15.2 14H.8L8 1.2z" fill="currentColor" />
      <path d="M8 6v3.6M8 11.4v.4" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Whether the browser has a network connection (navigator.onLine and its events). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** "as of 14:05", small and muted, when the read's data is last-known; nothing otherwise. */
export function AsOf({ fulfilledTimeStamp }: { fulfilledTimeStamp: number | undefined }) {
  const label = asOfLabel(fulfilledTimeStamp);
  return label ? <span className="kobo-as-of">{label}</span> : null;
}

/**
 * The refresh failed while earlier data stays on screen: say so, and offer "Try again". Nothing
 * while the read is fine or has nothing on screen. `read`: the RTK Query hook's result.
 */
export function StaleNotice({
  read,
}: {
  read: {
    data?: unknown;
    error?: unknown;
    fulfilledTimeStamp?: number;
    isFetching: boolean;
    refetch: () => unknown;
  };
}) {
  const { data, error, fulfilledTimeStamp, isFetching, refetch } = read;
  if (data === undefined || !error || !fulfilledTimeStamp) return null;
  const at = formatClock(fulfilledTimeStamp);
  return (
    <div className="kobo-stale" role="status">
      <WarningGlyph />
      <span className="kobo-stale-text">
        {errorMessage(error, 'We could not refresh this page.')} Showing what we had at {at}.
      </span>
      <Button
        size="small"
        variant="outlined"
        text="Try again"
        loading={isFetching}
        onClick={() => void refetch()}
      />
    </div>
  );
}

interface QueriesState {
  api: { queries: Record<string, { fulfilledTimeStamp?: number } | undefined> };
}

/** When the newest answer on hand came from the server (for the offline bar). */
function newestAnswerAt(state: QueriesState): number | undefined {
  let newest: number | undefined;
  for (const entry of Object.values(state.api.queries))
    if (entry?.fulfilledTimeStamp && (!newest || entry.fulfilledTimeStamp > newest))
      newest = entry.fulfilledTimeStamp;
  return newest;
}

/** The slim bar at the top of a signed-in frame while the device is offline. */
export function ConnectionNotice() {
  const online = useOnline();
  const at = useSelector(newestAnswerAt);
  if (online) return null;
  return (
    <div className="kobo-offline" role="status" aria-live="polite">
      <OfflineGlyph />
      <span>
        {at
          ? `You're offline — showing what we had at ${formatClock(at)}`
          : "You're offline — we'll load your data when you're back"}
      </span>
    </div>
  );
}
