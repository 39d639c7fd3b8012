/** What the HTTP toolkit leaves on `res.locals` for later middleware and handlers. */
import type { Principal } from './auth/tokens';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Parsed request parts, set by `validate` (Express 5's req.query cannot be replaced). */
      input?: { body: unknown; query: unknown; params: unknown };
      /** The signed-in caller, set by `requireRole` from a verified token. */
      principal?: Principal;
      /** The declared route (`/api/users/:id`), used as the metrics label. */
      routeLabel?: string;
    }
  }
}

export {};
