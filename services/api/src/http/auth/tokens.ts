/**
 * Session tokens: JWTs signed with HS256 only (the algorithm is pinned on verify too, so a token
 * claiming `none` or another algorithm is refused), valid for one day like the client's cookies.
 */
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const roles = ['user', 'admin', 'finance'] as const;
export type Role = (typeof roles)[number];

export interface Principal {
  userId: string;
  role: Role;
}

export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export type TokenFailure = 'missing' | 'invalid' | 'expired';

export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(readonly reason: TokenFailure) {
    super(`token ${reason}`);
  }
}

export interface TokenService {
  /** Signs a session token for the principal. */
  issue(principal: Principal): string;
  /** The principal of a valid token; throws TokenError('invalid' | 'expired') otherwise. */
  verify(token: string): Principal;
  readonly lifetimeSeconds: number;
}

export interface TokenServiceOptions {
  lifetimeSeconds?: number;
}

export function createTokenService(secret: string, options: TokenServiceOptions = {}): TokenService {
  if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
  const lifetimeSeconds = options.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS;
  // A KeyObject, built once: given a string, jsonwebtoken first tries to parse it as a public key
  // on every call (~460 µs against ~11 µs per verify, measured in bench:api).
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    lifetimeSeconds,
    issue({ userId, role }) {
      return jwt.sign({ role }, key, {
        algorithm: TOKEN_ALGORITHM,
        subject: userId,
        expiresIn: lifetimeSeconds,
      });
    },
    verify(token) {
      let claims: string | jwt.JwtPayload;
      try {
        claims = jwt.verify(token, key, { algorithms: [TOKEN_ALGORITHM] });
      } catch (error) {
        throw new TokenError(error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid');
      }
      if (typeof claims === 'string') throw new TokenError('invalid');
      const { sub, role } = claims as { sub?: unknown; role?: unknown };
      // An expiry is required: a token without one would never lapse.
      if (typeof claims.exp !== 'number') throw new TokenError('invalid');
      if (typeof sub !== 'string' || sub.length === 0) throw new TokenError('invalid');
      if (!roles.includes(role as Role)) throw new TokenError('invalid');
      return { userId: sub, role: role as Role };
    },
  };
}
