/**
 * An admin creates a user the way bootstrap.ts creates staff: the credentials row first (naming
 * the user id), then registerUser; a registration refused by the ledger takes the row back out.
 * The opening balance is set like any admin's balance change (SetAccountBalance): a BalanceAdjusted,
 * so the money has its other side in the ledger, or a request for finance above the threshold.
 *
 * With an Idempotency-Key the user id and the opening balance's id derive from the request's
 * command id and each command has its own id from it, so a creation run again after its answer was
 * lost finds its own login and commands and creates nothing twice.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  isDomainError,
  KOBO_UUID_NAMESPACE,
  type Actor,
  type Kobo,
  type UserStatus,
  isEmail,
  normalizeEmail,
} from '@kobo/ledger';
import type { ApiContext } from '../../../context';
import { hashPassword } from '../../../accounts/password-hashing';
import { commandIdOfStep, HttpProblem, type Principal, principalActor } from '../../../http';
import {
  adjustmentRules,
  checkAdjustment,
  pendingAdjustmentOf,
  requestIn,
  type PendingAdjustment,
} from './update-user';

export const OPENING_BALANCE_REASON = 'Opening balance set by an admin';
const EMAIL_TAKEN = 'Email is already registered';

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  username?: string;
  password?: string;
  balance?: Kobo;
  reason?: string;
  status?: UserStatus;
}

/** 'Ada Okafor' -> 'adaokafor': letters and digits only, 3 to 20 characters. */
export function usernameFromNames(firstName: string, lastName: string): string {
  const base = `${firstName}${lastName}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
  return base.length >= 3 ? base : `user${base}`;
}

export async function createUser(
  ctx: ApiContext,
  principal: Principal,
  input: NewUser,
  /** The request's command id (`commandIdOf(res)`), when it has an Idempotency-Key. */
  commandId: string | undefined,
): Promise<{ userId: string; lastPosition: number; pendingAdjustment?: PendingAdjustment }> {
  // The opening balance obeys the rules of any balance change (the reason has a default here),
  // checked before anything is made.
  const opening = input.balance !== undefined && input.balance > 0 ? input.balance : undefined;
  const reason = input.reason ?? OPENING_BALANCE_REASON;
  if (opening !== undefined) checkAdjustment(ctx, opening, reason);
  const email = normalizeEmail(input.email);
  if (!isEmail(email))
    throw new HttpProblem('validation', 'Please enter a valid email address.', {
      email: 'Please enter a valid email address.',
    });
  const userId = idFor('user', commandId);
  const passwordHash = await hashPassword(input.password ?? randomBytes(18).toString('base64url'));
  const inserted = await ctx.pool.query(
    `INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING user_id`,
    [userId, email, passwordHash],
  );
  if (inserted.rowCount === 0 && !(await isLoginOf(ctx, email, userId)))
    throw new HttpProblem('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });

  const by = principalActor(principal);
  const stepMeta = (step: 'register' | 'balance' | 'status') => ({
    commandId: commandIdOfStep(commandId, step),
  });
  let lastPosition: number;
  try {
    // Who created the account is said in UserRegistered's data (`by`): that admin may not approve
    // its withdrawals.
    lastPosition = await register(ctx, userId, { ...input, email }, by, stepMeta('register'));
  } catch (error) {
    // Nothing was appended (registration is one atomic append), so the login must go too.
    await ctx.pool.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
    throw error;
  }
  let pendingAdjustment: PendingAdjustment | undefined;
  if (opening !== undefined) {
    const result = await ctx.commands.setAccountBalance(
      {
        userId,
        adjustmentId: idFor('opening-balance', commandId),
        target: opening,
        reason,
        by,
        rules: adjustmentRules(ctx),
      },
      stepMeta('balance'),
    );
    lastPosition = Math.max(lastPosition, result.lastPosition);
    const request = requestIn(result.events);
    if (request) pendingAdjustment = pendingAdjustmentOf(request);
  }
  if (input.status && input.status !== 'active') {
    const result = await ctx.commands.setUserStatus({ userId, status: input.status, by }, stepMeta('status'));
    lastPosition = Math.max(lastPosition, result.lastPosition);
  }
  return { userId, lastPosition, pendingAdjustment };
}

/** registerUser with the given or built username; a taken built name gets a number added. */
async function register(
  ctx: ApiContext,
  userId: string,
  input: NewUser & { email: string },
  by: Actor,
  meta: { commandId: string | undefined },
): Promise<number> {
  const given = input.username?.trim();
  const base = given || usernameFromNames(input.firstName, input.lastName);
  const candidates = given ? [given] : [base, ...Array.from({ length: 4 }, () => `${base}${randomDigits()}`)];
  const referralCode = createHash('sha256').update(userId).digest('hex').slice(0, 8).toUpperCase();
  for (const [index, username] of candidates.entries()) {
    try {
      const result = await ctx.commands.registerUser(
        {
          userId,
          firstName: input.firstName,
          lastName: input.lastName,
          username,
          email: input.email,
          phone: input.phone ?? '',
          role: 'user',
          referralCode,
          referredByCode: null,
          by,
        },
        meta,
      );
      return result.lastPosition;
    } catch (error) {
      const retry = isDomainError(error) && error.field === 'username' && index < candidates.length - 1;
      if (!retry || given) throw error;
    }
  }
  throw new HttpProblem('conflict', 'Could not find a free username; please give one.');
}

/** A new id: drawn afresh, or with a command id the same for every run of the request. */
function idFor(what: 'user' | 'opening-balance', commandId: string | undefined): string {
  return commandId === undefined ? randomUUID() : uuidv5(`${what}:${commandId}`, KOBO_UUID_NAMESPACE);
}

/** Whether the login under this email is the one this request made (a run of it again). */
async function isLoginOf(ctx: ApiContext, email: string, userId: string): Promise<boolean> {
  const { rows } = await ctx.pool.query<{ user_id: string }>(
    'SELECT user_id::text AS user_id FROM credentials WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.user_id === userId;
}

function randomDigits(): string {
  return String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0');
}
