import { requireRole } from './require-role';
import { createTokenService, type Role, type TokenServiceOptions } from './tokens';

export * from './tokens';
export * from './require-role';
export * from './jwt-secret';
export * from './session-cookie';

/**
 * Tokens and the role guard bound to one secret:
 * `const auth = createAuth(secret); router.get('/admin/stats', auth.requireRole('admin'), handler)`.
 */
export function createAuth(secret: string, options: TokenServiceOptions = {}) {
  const tokens = createTokenService(secret, options);
  return {
    tokens,
    issueToken: tokens.issue,
    requireRole: (...allowed: Role[]) => requireRole(tokens, ...allowed),
  };
}

export type Auth = ReturnType<typeof createAuth>;
