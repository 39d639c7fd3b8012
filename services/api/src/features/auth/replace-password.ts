/**
 * Replacing a password, for a reset link and for a signed-in change alike. One transaction stores
 * the new hash, spends every outstanding reset link, ends every session of the account and forgets its known
 * devices; then PasswordChanged is appended to the
 * user's stream. The append is not inside the transaction on purpose: holding a pooled connection
 * while the event store waits for another could exhaust the pool under load. Should the append
 * fail, the new password stands (sign-in reads the credentials) and an error is logged.
 */
import type { CommandMetadata, LedgerCommands } from '@kobo/ledger';
import type { SessionBook } from '../../http';
import { inTransaction, type Logger, type Pool, type PoolClient } from '@kobo/platform';
import { forgetDevices } from './known-devices';
import { setPasswordHash, spendResetTokens } from './queries';

export interface PasswordChangeDependencies {
  pool: Pool;
  commands: LedgerCommands;
  logger: Pick<Logger, 'error'>;
  auth: { sessions: SessionBook };
}

/**
 * `check` runs first in the transaction (e.g. spending a reset token) and returns the user whose
 * password changes; it throws to refuse, and then nothing changes.
 */
export async function replacePassword(
  { pool, commands, logger, auth }: PasswordChangeDependencies,
  passwordHash: string,
  check: (client: PoolClient) => Promise<string>,
  actor: (userId: string) => CommandMetadata,
): Promise<{ userId: string }> {
  const userId = await inTransaction(pool, async (client) => {
    const userId = await check(client);
    if (!(await setPasswordHash(client, userId, passwordHash)))
      throw new Error(`no credentials for ${userId}`);
    await spendResetTokens(client, userId);
    await auth.sessions.endAll(userId, client);
    // A device that signed in with the old password is no longer trusted to skip the backoff.
    await forgetDevices(client, userId);
    return userId;
  });
  try {
    await commands.changePassword({ userId }, actor(userId));
  } catch (error) {
    logger.error({ err: error, userId }, 'password changed but PasswordChanged could not be appended');
  }
  return { userId };
}
