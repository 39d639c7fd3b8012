/**
 * The signing secret comes from JWT_SECRET. In development an unset secret is replaced by a random
 * one (sessions then end at each restart) with a warning; in production it is required.
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
  warn('JWT_SECRET is not set: using a random secret, so sessions end when the process restarts');
  return randomBytes(48).toString('base64url');
}
