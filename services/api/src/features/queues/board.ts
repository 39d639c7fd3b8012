/**
 * Bull Board at /admin/queues: admins see every queue, including failed jobs (kept, never
 * removed on failure). A browser cannot send a bearer header when it opens a page, so the
 * signed token is also read from the `access_token` cookie the web app sets; the role inside
 * the token decides, never a role cookie.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, Request, RequestHandler } from 'express';
import type { JobQueue } from '@kobo/jobs';
import type { TokenService } from '../../http/auth/tokens';

export const QUEUES_BOARD_PATH = '/admin/queues';

function tokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'access_token') return decodeURIComponent(value.join('='));
  }
  return undefined;
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
