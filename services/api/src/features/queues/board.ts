/**
 * Bull Board at /admin/queues: admins see every queue, including failed jobs (kept, never
 * removed on failure). A browser cannot send a bearer header when it opens a page, so the
 * signed token is also read from the session cookie set at sign-in; the role inside the token
 * decides, never a role cookie.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, RequestHandler } from 'express';
import type { JobQueue } from '@kobo/jobs';
import { authenticateRequest, authMessages, HttpProblem, presentedToken, type Auth } from '../../http';
import { changesState, fromOwnSite } from '../../http/auth/session-cookie';

export const QUEUES_BOARD_PATH = '/admin/queues';

/** The API's own check (signature, then a session that still stands), answered as plain text. */
function adminOnly({ tokens, sessions }: Pick<Auth, 'tokens' | 'sessions'>): RequestHandler {
  return async (req, res, next) => {
    const presented = presentedToken(req);
    if (!presented) {
      res.status(401).type('text/plain').send('Sign in as an admin to see the queues.');
      return;
    }
    let role;
    try {
      role = (await authenticateRequest(tokens, sessions, req)).claims.role;
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      res.status(401).type('text/plain').send(error.detail);
      return;
    }
    if (role !== 'admin') {
      res.status(403).type('text/plain').send(authMessages.forbidden);
      return;
    }
    // The board's buttons (retry, clean, pause) change state with the cookie alone: the same
    // own-site check as the API's, or another site could make an admin's browser press them.
    if (presented.credential === 'cookie' && changesState(req) && !fromOwnSite(req)) {
      res.status(403).type('text/plain').send(authMessages.crossSite);
      return;
    }
    next();
  };
}

export function mountQueuesBoard(
  app: Express,
  queues: JobQueue<unknown>[],
  auth: Pick<Auth, 'tokens' | 'sessions'>,
): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_BOARD_PATH);
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
  app.use(QUEUES_BOARD_PATH, adminOnly(auth), serverAdapter.getRouter());
}
