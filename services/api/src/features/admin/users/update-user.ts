/**
 * An admin edits a user: profile fields, status, and the account balance. The balance is set by
 * posting the difference from the ledger's own figure (the user's stream, not a read model that
 * may lag); the adjustment id derives from the stream version read, so the same edit sent twice
 * at once posts once.
 */
import { v5 as uuidv5 } from 'uuid';
import {
  fold,
  KOBO_UUID_NAMESPACE,
  kobo,
  streams,
  userDecider,
  type Kobo,
  type UserEvent,
  type UserState,
  type UserStatus,
} from '@kobo/ledger';
import { updateSignInEmail } from '../../../accounts/credentials';
import type { ApiContext } from '../../../context';
import { HttpProblem, type Principal } from '../../../http';
import { staffMeta } from '../wire';

export const BALANCE_EDIT_REASON = 'Balance set by an admin';

export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  status?: UserStatus;
  balance?: Kobo;
}

export async function readUser(
  ctx: ApiContext,
  userId: string,
): Promise<{ state: UserState; version: number }> {
  const events = await ctx.store.readStream(streams.user(userId));
  const state = fold(
    userDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as UserEvent),
  );
  return { state, version: events.reduce((v, e) => Math.max(v, e.version), 0) };
}

export async function updateUser(
  ctx: ApiContext,
  principal: Principal,
  userId: string,
  changes: UserChanges,
): Promise<number> {
  const { state } = await readUser(ctx, userId);
  if (state.existence !== 'registered') throw new HttpProblem('not_found', 'User not found.');
  const meta = staffMeta(principal);
  let lastPosition = 0;
  const ran = (result: { lastPosition: number }) => {
    lastPosition = Math.max(lastPosition, result.lastPosition);
  };

  const profile: { firstName?: string; lastName?: string; email?: string; phone?: string } = {};
  if (changes.firstName !== undefined) profile.firstName = changes.firstName;
  if (changes.lastName !== undefined) profile.lastName = changes.lastName;
  if (changes.email !== undefined) profile.email = changes.email;
  // The form's phone is optional: a blank one leaves the stored number alone.
  if (changes.phone) profile.phone = changes.phone;
  if (Object.keys(profile).length > 0) {
    ran(await ctx.commands.updateProfile({ userId, ...profile }, meta));
    if (profile.email !== undefined) await updateSignInEmail(ctx.pool, userId, profile.email);
  }

  if (changes.status !== undefined) {
    // A suspension ends the user's sessions: before the event (should the process die after it)
    // and after it (a sign-in that read the stream just before the event).
    const suspends = changes.status === 'suspended';
    if (suspends) await ctx.auth.sessions.endAll(userId);
    ran(await ctx.commands.setUserStatus({ userId, status: changes.status, by: principal.userId }, meta));
    if (suspends) await ctx.auth.sessions.endAll(userId);
  }

  if (changes.balance !== undefined) {
    const now = await readUser(ctx, userId);
    const difference = changes.balance - now.state.balances.account;
    if (difference !== 0)
      ran(
        await ctx.commands.adjustBalance(
          {
            userId,
            adjustmentId: uuidv5(
              `admin-balance:${userId}:${now.version}:${changes.balance}`,
              KOBO_UUID_NAMESPACE,
            ),
            balance: 'account',
            amount: kobo(difference),
            reason: BALANCE_EDIT_REASON,
            by: principal.userId,
          },
          meta,
        ),
      );
  }
  return lastPosition;
}
