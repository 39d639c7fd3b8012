/**
 * Role checks on the server for every protected route: the role comes from the signed token,
 * never from the client's role cookie.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpProblem } from '../problem';
import { TokenError, type Principal, type Role, type TokenService } from './tokens';

export const authMessages = {
  missing: 'Authentication required',
  invalid: 'Authentication required',
  expired: 'Session expired, please sign in again',
  forbidden: 'You do not have access to this resource',
} as const;

export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The verified principal, or a 401 problem. */
export function authenticate(tokens: TokenService, req: Request): Principal {
  const token = bearerToken(req);
  try {
    if (!token) throw new TokenError('missing');
    return tokens.verify(token);
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
 * principal is at `res.locals.principal`.
 */
export function requireRole(tokens: TokenService, ...allowed: Role[]): RequestHandler {
  if (allowed.length === 0) throw new Error('requireRole needs at least one role');
  return (req: Request, res: Response, next: NextFunction) => {
    const principal = authenticate(tokens, req);
    if (!allowed.includes(principal.role)) throw new HttpProblem('forbidden', authMessages.forbidden);
    res.locals.principal = principal;
    next();
  };
}

/** The principal set by requireRole; throws if the route has none (a wiring mistake). */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal;
  if (!principal) throw new Error('principalOf called on a route without requireRole');
  return principal;
}
