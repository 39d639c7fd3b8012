/** The sign-in secrets table (credentials, migration 0001), kept outside the event log. */
import type { Pool } from '@kobo/platform';
import { HttpProblem } from '../http';

const EMAIL_TAKEN = 'Email is already registered';

/**
 * Sign-in follows a changed profile email. The ledger has already claimed the new address, so a
 * clash here means another login row still holds it: refused with the registration message.
 */
export async function updateSignInEmail(pool: Pool, userId: string, email: string): Promise<void> {
  try {
    await pool.query(
      `UPDATE credentials SET email = $2, updated_at = now()
        WHERE user_id::text = $1 AND email IS DISTINCT FROM $2`,
      [userId, email.trim().toLowerCase()],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new HttpProblem('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}
