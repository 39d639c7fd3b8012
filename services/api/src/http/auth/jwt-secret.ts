/**
 * The signing secret comes from JWT_SECRET. It is required in production, and when HOST is set (a
 * server reachable from outside) unless PLAIN_HTTP=1 says it is served over plain HTTP on purpose.
 * Otherwise (a developer's machine) an unset secret is replaced by a random one (sessions then end
 * at each restart) with a warning.
 */
import { randomBytes } from 'node:crypto';

export interface JwtSecretSource {
  env?: NodeJS.ProcessEnv;
  warn?: (message: string) => void;
}

export function jwtSecretFromEnvironment({
  env = process.env,
  warn = (message) => process.emitWarning(message),
}: JwtSecretSource = {}): string {
  const secret = env.JWT_SECRET;
  if (secret) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return secret;
  }
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET is required in production');
  const plainHttp = env.PLAIN_HTTP === '1' || env.PLAIN_HTTP === 'true';
  if (env.HOST?.trim() && !plainHttp)
    throw new Error(
      'JWT_SECRET is required when HOST is set (or set PLAIN_HTTP=1 if this server is served over plain HTTP on purpose)',
    );
  warn('JWT_SECRET is not set: using a random secret, so sessions end when the process restarts');
  return randomBytes(48).toString('base64url');
}
