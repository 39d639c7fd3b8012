import type { Pool } from '@kobo/platform';
import { requireRole } from './require-role';
import { createSessionBook } from './sessions';
import { createTokenService, type Role, type TokenServiceOptions } from './tokens';

export * from './tokens';
export * from './require-role';
export * from './jwt-secret';
export * from './session-cookie';
export * from './sessions';

/**
 * Tokens, the sessions they belong to and the role guard, bound to one secret and one database:
 * `const auth = createAuth(secret, pool); router.get('/admin/stats', auth.requireRole('admin'), handler)`.
 */
export function createAuth(secret: string, pool: Pool, options: TokenServiceOptions = {}) {
  const tokens = createTokenService(secret, options);
  const sessions = createSessionBook(pool, tokens);
  return {
    tokens,
    sessions,
    requireRole: (...allowed: Role[]) => requireRole(tokens, sessions, ...allowed),
  };
}

export type Auth = ReturnType<typeof createAuth>;
