/**
 * Bull Board at /admin/queues: admins see every queue, including failed jobs (kept, never
 * removed on failure). A browser cannot send a bearer header when it opens a page, so the
 * signed token is also read from the session cookie set at sign-in; the role inside the token
 * decides, never a role cookie.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, Request, RequestHandler } from 'express';
import type { JobQueue } from '@kobo/jobs';
import type { TokenService } from '../../http/auth/tokens';
import { sessionCookieOf } from '../../http/auth/session-cookie';

export const QUEUES_BOARD_PATH = '/admin/queues';

function tokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length);
  return sessionCookieOf(req);
}

function adminOnly(tokens: TokenService): RequestHandler {
  return (req, res, next) => {
    const token = tokenOf(req);
    if (!token) {
      res.status(401).type('text/plain').send('Sign in as an admin to see the queues.');
      return;
    }
    try {
      const principal = tokens.verify(token);
      if (principal.role !== 'admin') {
        res.status(403).type('text/plain').send('You do not have access to this resource');
        return;
      }
      next();
    } catch {
      res.status(401).type('text/plain').send('Session expired, please sign in again');
    }
  };
}

export function mountQueuesBoard(app: Express, queues: JobQueue<unknown>[], tokens: TokenService): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_BOARD_PATH);
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
  app.use(QUEUES_BOARD_PATH, adminOnly(tokens), serverAdapter.getRouter());
}
