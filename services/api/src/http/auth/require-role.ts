/**
 * Role checks on the server for every protected route: the role comes from the signed token (a
 * bearer header, else the session cookie), never from a role cookie or any other header.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpProblem } from '../problem';
import { changesState, fromOwnSite, sessionCookieOf } from './session-cookie';
import type { SessionBook } from './sessions';
import { TokenError, type Principal, type Role, type SessionClaims, type TokenService } from './tokens';

export const authMessages = {
  missing: 'Authentication required',
  invalid: 'Authentication required',
  expired: 'Session expired, please sign in again',
  forbidden: 'You do not have access to this resource',
  crossSite: 'This request did not come from the Kobo site.',
} as const;

export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Where the token came from: a bearer header wins over the session cookie. */
export type Credential = 'bearer' | 'cookie';

/** The token a request presents: a bearer header wins over the session cookie. */
export function presentedToken(req: Request): { token: string; credential: Credential } | undefined {
  const bearer = bearerToken(req);
  if (bearer) return { token: bearer, credential: 'bearer' };
  const cookie = sessionCookieOf(req);
  return cookie ? { token: cookie, credential: 'cookie' } : undefined;
}

/**
 * The verified claims of a session that still stands, and how they were presented, or a 401
 * problem: a session ended on the server (logout, a new password, suspension, deletion, a role
 * change) answers like an expired one, so the person is asked to sign in again.
 */
export async function authenticateRequest(
  tokens: TokenService,
  sessions: SessionBook,
  req: Request,
): Promise<{ claims: SessionClaims; credential: Credential }> {
  const presented = presentedToken(req);
  try {
    if (!presented) throw new TokenError('missing');
    const claims = tokens.verify(presented.token);
    if (!(await sessions.stands(claims))) throw new TokenError('expired');
    return { claims, credential: presented.credential };
  } catch (error) {
    const reason = error instanceof TokenError ? error.reason : 'invalid';
    const challenge =
      reason === 'missing'
        ? 'Bearer'
        : `Bearer error="invalid_token", error_description="${reason === 'expired' ? 'token expired' : 'invalid token'}"`;
    throw new HttpProblem(
      reason === 'expired' ? 'session_expired' : 'unauthenticated',
      authMessages[reason],
      undefined,
      {
        'WWW-Authenticate': challenge,
      },
    );
  }
}

/**
 * `requireRole(tokens, 'admin')`: 401 without a valid token, 403 for another role; on success the
 * principal is at `res.locals.principal`. A change (POST, PUT, PATCH, DELETE) signed in by the
 * session cookie alone must come from our own site (see fromOwnSite): 403 otherwise, since a
 * browser attaches the cookie to requests other sites make it send.
 */
export function requireRole(tokens: TokenService, sessions: SessionBook, ...allowed: Role[]): RequestHandler {
  if (allowed.length === 0) throw new Error('requireRole needs at least one role');
  return async (req: Request, res: Response, next: NextFunction) => {
    const { claims, credential } = await authenticateRequest(tokens, sessions, req);
    if (credential === 'cookie' && changesState(req) && !fromOwnSite(req))
      throw new HttpProblem('forbidden', authMessages.crossSite);
    if (!allowed.includes(claims.role)) throw new HttpProblem('forbidden', authMessages.forbidden);
    res.locals.principal = { userId: claims.userId, role: claims.role };
    next();
  };
}

/** The principal set by requireRole; throws if the route has none (a wiring mistake). */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal;
  if (!principal) throw new Error('principalOf called on a route without requireRole');
  return principal;
}
