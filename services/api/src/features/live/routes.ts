/**
 * GET /users/events: a server-sent-events stream telling the signed-in user when their balances or
 * transactions changed, so the web app refetches at once instead of polling. Contract:
 * docs/api/user-area.md ("Live balance updates").
 */
import type { Request, Response } from 'express';
import type { FeatureRoutes } from '../../context';
import { authMessages, defineRoute, HttpProblem, presentedToken } from '../../http';
import {
  liveBalancesOf,
  LiveBalancesClosed,
  LiveSessionEnded,
  LiveStreamsFull,
  type LiveBalances,
  type StreamSession,
  type Subscriber,
} from './live-balances';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends (a restart). */
export const RETRY_MS = 5_000;

export const liveMessages = {
  restarting: 'The server is restarting. Please try again in a moment.',
  tooMany:
    'Too many live connections for this account. Close Kobo in another tab, window or device and try again.',
} as const;

/** Whose stream it is, and the session it ends with. */
export interface StreamViewer {
  userId: string;
  session?: StreamSession;
}

export const liveRoutes: FeatureRoutes = (ctx) => {
  const live = liveBalancesOf(ctx);
  return [
    defineRoute({
      method: 'get',
      path: '/users/events',
      summary: 'Live balance updates (server-sent events)',
      description:
        'A `text/event-stream` that stays open. First `event: ready` (`data: {}`), then ' +
        '`event: balance` with `data: {"position": <ledger position>}` whenever the signed-in ' +
        "user's balances or transactions change (both read models have applied that position: " +
        'refetch the dashboard and history), and `event: notification` with the same data when ' +
        'they have a new notification (refetch GET /users/notifications). A comment line every 25 s keeps it open. The stream ' +
        'ends when the server restarts; the browser reconnects after `retry` (5 s). It also ends ' +
        'at once when its session does (logout, a password change or reset, suspension, ' +
        `deletion), on whichever server it ended. A user holds at most ${live.perUser} streams ` +
        '(LIVE_STREAMS_PER_USER) across all servers: another is refused with 429 until one closes.',
      tags: ['user area'],
      access: ['user'],
      responses: {
        200: { description: 'The event stream', contentType: 'text/event-stream' },
        401: { description: 'Not signed in, or the session ended', problem: true },
        429: { description: 'The user already holds as many streams as they may', problem: true },
        503: { description: 'The server is shutting down', problem: true },
      },
      handler: async ({ principal, req, res }) => {
        // requireRole verified this token; its claims name the session the stream belongs to.
        const claims = ctx.auth.tokens.verify(presentedToken(req)!.token);
        await openEventStream(
          live,
          { userId: principal.userId, session: { id: claims.sessionId, generation: claims.generation } },
          req,
          res,
        );
      },
    }),
  ];
};

/**
 * Answers `res` with the user's event stream until the client leaves, the session ends or the
 * process stops.
 */
export async function openEventStream(
  live: LiveBalances,
  { userId, session }: StreamViewer,
  req: Request,
  res: Response,
  { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): Promise<void> {
  let ended = false;
  let heartbeat: NodeJS.Timeout | undefined = undefined; // started once the stream is open
  let unsubscribe: (() => void) | undefined;
  const write = (text: string) => {
    if (!ended && !res.writableEnded) res.write(text);
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe?.();
    if (!res.writableEnded) res.end();
  };
  const subscriber: Subscriber = {
    userId,
    ...(session ? { session } : {}),
    balance: (position) => write(`event: balance\ndata: ${JSON.stringify({ position })}\n\n`),
    notification: (position) => write(`event: notification\ndata: ${JSON.stringify({ position })}\n\n`),
    end,
  };
  res.on('close', end);

  try {
    unsubscribe = await live.subscribe(subscriber);
  } catch (error) {
    res.off('close', end);
    if (error instanceof LiveBalancesClosed) throw new HttpProblem('unavailable', liveMessages.restarting);
    if (error instanceof LiveStreamsFull) throw new HttpProblem('rate_limited', liveMessages.tooMany);
    if (error instanceof LiveSessionEnded) throw new HttpProblem('session_expired', authMessages.expired);
    throw error;
  }
  // The client left while the listener started.
  if (ended || req.destroyed) {
    unsubscribe();
    return;
  }
  // Changes reach `balance` from I/O callbacks only, never before these lines run.
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    // nginx and similar proxies would otherwise hold the events back in their buffers.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);
  write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: {}\n\n`);
  heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
}
