/**
 * @kobo/ledger/testing: people and money for tests and benchmarks, made with the ledger's own
 * commands (the way the product makes them), so every test starts from events the deciders wrote.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actor';
import type { BalanceKind } from '../domain/events';
import type { LedgerCommands } from '../domain/handlers';
import { kobo } from '../money';

export interface TestUserOptions {
  userId?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  phone?: string;
  referralCode?: string;
  referredByCode?: string | null;
  /** Bank details (Kuda Bank, account name "first last"), so the user can withdraw; default true. */
  bank?: boolean;
  /** Kobo credited to the account balance by an admin adjustment. */
  account?: number;
  /** Who credits `account`. */
  by?: Actor;
}

export interface TestUser {
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  referralCode: string;
  /** The position of the last event written for this user: settle read models up to it. */
  lastPosition: number;
}

/** A registered user (with bank details and money if asked); each detail not given is made unique. */
export async function registerUser(
  commands: LedgerCommands,
  options: TestUserOptions = {},
): Promise<TestUser> {
  const userId = options.userId ?? randomUUID();
  const firstName = options.firstName ?? 'Ada';
  const lastName = options.lastName ?? 'Obi';
  const username = options.username ?? `user_${userId.replace(/-/g, '').slice(0, 24)}`;
  const email = options.email ?? `${username}@example.ng`.toLowerCase();
  const referralCode = options.referralCode ?? `code-${userId}`;
  let { lastPosition } = await commands.registerUser({
    userId,
    firstName,
    lastName,
    username,
    email,
    phone: options.phone ?? '08030000000',
    role: 'user',
    referralCode,
    referredByCode: options.referredByCode ?? null,
  });
  if (options.bank ?? true)
    ({ lastPosition } = await commands.updateBankDetails({
      userId,
      bankCode: '50211',
      accountNum: '0123456789',
      accountName: `${firstName} ${lastName}`,
    }));
  if (options.account)
    ({ lastPosition } = await credit(commands, userId, options.account, { by: options.by }));
  return { userId, firstName, lastName, username, email, referralCode, lastPosition };
}

/**
 * Credits `amount` kobo to a user's balance from platform adjustments, as an admin would: by
 * default an admin of its own (`test-funding`), so that any other staff id may approve the user's
 * withdrawals (the admin who changed a balance may not).
 */
export function credit(
  commands: LedgerCommands,
  userId: string,
  amount: number,
  options: { balance?: BalanceKind; by?: Actor; reason?: string } = {},
) {
  return commands.adjustBalance({
    userId,
    adjustmentId: randomUUID(),
    balance: options.balance ?? 'account',
    amount: kobo(amount),
    reason: options.reason ?? 'test funding',
    by: options.by ?? { role: 'admin', id: 'test-funding' },
  });
}
