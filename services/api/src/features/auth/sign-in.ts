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

/**
 * Which door is signed in at: `users` (/auth/login) never lets a staff account in, so staff have
 * one door with one limit (/auth/admin-login); a staff account there is a wrong email or password,
 * right password or not, so the users' door tells nothing about a staff password.
 */
export type SignInDoor = 'users' | 'staff';

export async function checkSignIn(
  { pool, store }: { pool: Pool; store: EventStore },
  email: string,
  password: string,
  door: SignInDoor,
): Promise<SignedInUser> {
  const credentials = await credentialsByEmail(pool, email);
  if (!credentials) {
    await passwordMatches(await (decoyHash ??= hashPassword('decoy password for unknown emails')), password);
    throw invalidCredentials();
  }
  // Side by side, so a right password takes as long as a wrong one (the hash dominates).
  const [matches, user] = await Promise.all([
    passwordMatches(credentials.password_hash, password),
    currentUser(store, credentials.user_id),
  ]);
  if (!matches) throw invalidCredentials();
  // A row whose sign-up never completed is not an account.
  if (user.existence === 'none') throw invalidCredentials();
  if (door === 'users' && user.role !== 'user') throw invalidCredentials();
  // Only after the right password, so these answers tell a stranger nothing.
  if (user.existence === 'deleted') throw new HttpProblem('forbidden', authMessages.accountDeleted);
  if (user.status === 'suspended') throw new HttpProblem('forbidden', authMessages.accountSuspended);
  return { userId: user.userId, role: user.role };
}

function invalidCredentials() {
  return new HttpProblem('unauthenticated', authMessages.invalidCredentials);
}
