/**
 * The router's error screen: a page failed to load or threw. It is loaded with the app, not
 * lazily, and depends on nothing lazily loaded (no feature CSS either: inline styles and
 * Blueprint's classes), so it shows even when a page's code cannot be downloaded.
 */
import { Classes } from '@blueprintjs/core';
import { Glyph } from '../../shared/ui/Glyph';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isPageCodeError } from '../../shared/page-code';

/** What went wrong, in words: '404 Not Found', or the error's message. */
export function describeRouteError(error: unknown): { status?: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const detail =
      typeof error.data === 'string'
        ? error.data
        : (error.data as { message?: unknown } | undefined)?.message;
    return {
      status: `${error.status} ${error.statusText}`.trim(),
      message: typeof detail === 'string' && detail ? detail : 'The page could not be shown.',
    };
  }
  if (error instanceof Error) return { message: error.message || 'An unknown error occurred.' };
  if (typeof error === 'string' && error) return { message: error };
  return { message: 'An unknown error occurred.' };
}

/** Styled inline: these screens show when the app's own styles may not have arrived. */
const PAGE_STYLE = {
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: '24px 16px',
  boxSizing: 'border-box',
  background: 'var(--kobo-bg)',
  color: 'var(--kobo-text)',
} as const;

/**
 * A page whose code did not arrive (offline, a weak network, a new version deployed): not a bug,
 * so no crash screen; a retry, which loads the page afresh.
 */
function PageNotDownloaded() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main style={PAGE_STYLE}>
      <div role="alert" style={{ maxWidth: 420, width: '100%', textAlign: 'center' }}>
        <span style={{ color: 'var(--kobo-text-muted)' }}>
          <Glyph icon="offline" size={48} />
        </span>
        <h1 style={{ margin: '16px 0 8px', fontSize: 24, lineHeight: 1.25 }}>This page could not load</h1>
        <p style={{ margin: '0 0 24px', color: 'var(--kobo-text-muted)', fontSize: 16, lineHeight: 1.5 }}>
          {offline
            ? 'You seem to be offline. Check your data or Wi-Fi, then try again.'
            : 'The network is slow or Kobo was just updated. Please try again.'}
        </p>
        <button
          type="button"
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
          onClick={() => window.location.reload()}
        >
          <Glyph icon="refresh" />
          <span className={Classes.BUTTON_TEXT}>Try again</span>
        </button>
      </div>
    </main>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isPageCodeError(error)) return <PageNotDownloaded />;
  const { status, message } = describeRouteError(error);
  return (
    <main style={PAGE_STYLE}>
      <div role="alert" style={{ maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <span style={{ color: 'var(--bp-intent-danger-rest, #cd4246)' }}>
          <Glyph icon="error" size={48} />
        </span>
        <h1 style={{ margin: '16px 0 8px', fontSize: 28, lineHeight: 1.2 }}>Unexpected Application Error!</h1>
        {status ? (
          <p style={{ margin: '0 0 8px', fontSize: 18, fontWeight: 600 }} data-testid="route-error-status">
            {status}
          </p>
        ) : null}
        <p
          style={{
            margin: '0 0 24px',
            padding: '12px 16px',
            borderRadius: 'var(--kobo-radius)',
            background: 'var(--kobo-surface)',
            border: '1px solid var(--kobo-border)',
            color: 'var(--kobo-text-muted)',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 14,
            wordBreak: 'break-word',
          }}
        >
          {message}
        </p>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 10, justifyContent: 'center' }}>
          {/* A full page load: after an error, start from fresh code. */}
          <a
            href="/"
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
            style={{ textDecoration: 'none', color: '#fff' }}
          >
            <Glyph icon="home" />
            <span className={Classes.BUTTON_TEXT}>Back to Home</span>
          </a>
          {/* Plain elements: this screen is part of the first download (see Glyph). */}
          <button
            type="button"
            className={`${Classes.BUTTON} ${Classes.OUTLINED} ${Classes.LARGE}`}
            onClick={() => window.location.reload()}
          >
            <Glyph icon="refresh" />
            <span className={Classes.BUTTON_TEXT}>Reload page</span>
          </button>
        </div>
        <p style={{ marginTop: 20, color: 'var(--kobo-text-muted)', fontSize: 14 }}>
          If this keeps happening, please <a href="/contact">contact support</a> and tell us what you were
          doing.
        </p>
      </div>
    </main>
  );
}
