/**
 * SQL on the tables this feature owns or shares: credentials (sign-in secrets, migration 0001)
 * and password_reset_tokens (migration 0007). Who a user is comes from their stream, not from here.
 */
import type { Pool, PoolClient } from '@kobo/platform';

type Db = Pool | PoolClient;

export interface CredentialsRow {
  user_id: string;
  email: string;
  password_hash: string;
  /** Seconds since the row was last written. */
  age_seconds: number;
}

const selectCredentials = `SELECT user_id, email, password_hash,
  extract(epoch FROM now() - updated_at)::float8 AS age_seconds FROM credentials`;

export async function credentialsByEmail(db: Db, email: string): Promise<CredentialsRow | undefined> {
  const { rows } = await db.query<CredentialsRow>(`${selectCredentials} WHERE lower(email) = lower($1)`, [
    email,
  ]);
  return rows[0];
}

export async function credentialsByUserId(db: Db, userId: string): Promise<CredentialsRow | undefined> {
  const { rows } = await db.query<CredentialsRow>(`${selectCredentials} WHERE user_id = $1`, [userId]);
  return rows[0];
}

/** Inserts a row for a new account; false when the email already has one. */
export async function insertCredentials(
  db: Db,
  userId: string,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email)) DO NOTHING`,
    [userId, email, passwordHash],
  );
  return rowCount === 1;
}

/**
 * Gives an abandoned row (a sign-up that stopped between its two writes) to a new sign-up, only
 * if nobody changed it since it was read.
 */
export async function takeOverCredentials(
  db: Db,
  seen: CredentialsRow,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE credentials SET user_id = $3, password_hash = $4, updated_at = now()
      WHERE user_id = $1 AND password_hash = $2`,
    [seen.user_id, seen.password_hash, userId, passwordHash],
  );
  return rowCount === 1;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1',
    [userId, passwordHash],
  );
  return rowCount === 1;
}

export async function deleteCredentials(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
}

export const RESET_TOKEN_LIFETIME_MINUTES = 15;

export async function insertResetToken(db: Db, tokenHash: string, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [tokenHash, userId, RESET_TOKEN_LIFETIME_MINUTES],
  );
}

/**
 * The token's user when it is unused and unexpired. With `lock`, inside a transaction, the row
 * stays locked until it ends, so of two concurrent uses of one link only one succeeds.
 */
export async function liveResetTokenUser(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM password_reset_tokens
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  return rows[0]?.user_id;
}

/** Spends every outstanding link of the user: after any password change, old links must not work. */
export async function spendResetTokens(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
}
