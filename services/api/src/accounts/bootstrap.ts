/**
 * ADMIN_EMAIL/ADMIN_PASSWORD and FINANCE_EMAIL/FINANCE_PASSWORD create those accounts at start,
 * or update them: the password is replaced and the role set; a new password or a new role ends the
 * account's sessions (the same settings again leave them alone). Safe to run at every start and to
 * re-run after a crash at any point (the credentials row is written first and names the user id;
 * registration is skipped once the user's stream exists; setting a role already held is a no-op).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  currentUser,
  DomainError,
  streams,
  type CommandMetadata,
  type EventStore,
  type LedgerCommands,
  type Role,
} from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { endAllSessions } from '../http/auth/sessions';
import { hashPassword, passwordMatches } from './password-hashing';

export interface BootstrapAccount {
  role: Extract<Role, 'admin' | 'finance'>;
  email: string;
  password: string;
}

export interface BootstrapDependencies {
  pool: Pool;
  store: EventStore;
  commands: LedgerCommands;
}

export interface BootstrappedAccount {
  userId: string;
  email: string;
  role: Role;
  created: boolean;
}

export async function bootstrapAccounts(
  accounts: readonly BootstrapAccount[],
  deps: BootstrapDependencies,
): Promise<BootstrappedAccount[]> {
  const done: BootstrappedAccount[] = [];
  for (const account of accounts) done.push(await bootstrapAccount(account, deps));
  return done;
}

async function bootstrapAccount(
  { role, email, password }: BootstrapAccount,
  { pool, store, commands }: BootstrapDependencies,
): Promise<BootstrappedAccount> {
  const passwordHash = await hashPassword(password);
  const before = await pool.query<{ user_id: string; password_hash: string }>(
    'SELECT user_id, password_hash FROM credentials WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  const { rows } = await pool.query<{ user_id: string }>(
    `INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()
     RETURNING user_id`,
    [randomUUID(), email.trim().toLowerCase(), passwordHash],
  );
  const userId = rows[0]!.user_id;
  const meta = { actor: { role: 'system', id: 'bootstrap' } as const, correlationId: `bootstrap:${userId}` };
  const registered = (await store.readStream(streams.user(userId), { maxCount: 1 })).length > 0;
  const roleBefore = registered ? (await currentUser(store, userId)).role : role;
  if (!registered) await register(userId, email, role, commands, meta);
  await commands.setUserRole({ userId, role }, meta);
  const oldHash = before.rows[0]?.password_hash;
  if (roleBefore !== role || (oldHash !== undefined && !(await passwordMatches(oldHash, password))))
    await endAllSessions(pool, userId);
  return { userId, email, role, created: !registered };
}

/** Username from the email's local part; if another account holds it, suffixed with the id. */
async function register(
  userId: string,
  email: string,
  role: BootstrapAccount['role'],
  commands: LedgerCommands,
  meta: CommandMetadata,
) {
  const local =
    email
      .split('@')[0]!
      .replace(/[^a-zA-Z0-9_.-]/g, '')
      .slice(0, 20) || role;
  const base = local.length >= 3 ? local : `${role}-${local}`;
  const referralCode = createHash('sha256').update(userId).digest('hex').slice(0, 8).toUpperCase();
  for (const username of [base, `${base}-${userId.slice(0, 6)}`]) {
    try {
      await commands.registerUser(
        {
          userId,
          firstName: role === 'admin' ? 'Admin' : 'Finance',
          lastName: 'Kobo',
          username,
          email,
          phone: '',
          role,
          referralCode,
          referredByCode: null,
        },
        meta,
      );
      return;
    } catch (error) {
      if (!(error instanceof DomainError && error.field === 'username')) throw error;
    }
  }
  throw new Error(`could not find a free username for ${email}`);
}
