/**
 * Checking a sign-in: the password against the credentials row, then the user's stream for
 * whether they may sign in and with which role. The role in the token is the server's, never
 * anything the request says.
 */
import { type EventStore, type Role, currentUser } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { hashPassword, passwordMatches } from '../../accounts/password-hashing';
import { HttpProblem } from '../../http';
import { authMessages } from './messages';
import { credentialsByEmail } from './queries';

export interface SignedInUser {
  userId: string;
  role: Role;
}

// Verified when the email is unknown, so an unknown email takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function checkSignIn(
  { pool, store }: { pool: Pool; store: EventStore },
  email: string,
  password: string,
): Promise<SignedInUser> {
  const credentials = await credentialsByEmail(pool, email);
  if (!credentials) {
    await passwordMatches(await (decoyHash ??= hashPassword('decoy password for unknown emails')), password);
    throw invalidCredentials();
  }
  if (!(await passwordMatches(credentials.password_hash, password))) throw invalidCredentials();
  const user = await currentUser(store, credentials.user_id);
  // A row whose sign-up never completed is not an account.
  if (user.existence === 'none') throw invalidCredentials();
  // Only after the right password, so these answers tell a stranger nothing.
  if (user.existence === 'deleted') throw new HttpProblem('forbidden', authMessages.accountDeleted);
  if (user.status === 'suspended') throw new HttpProblem('forbidden', authMessages.accountSuspended);
  return { userId: user.userId, role: user.role };
}

function invalidCredentials() {
  return new HttpProblem('unauthenticated', authMessages.invalidCredentials);
}
