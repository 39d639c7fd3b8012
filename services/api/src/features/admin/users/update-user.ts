/**
 * An admin edits a user: profile fields, status, and the account balance. The balance is set by
 * posting the difference from the ledger's own figure (the user's stream, not a read model that
 * may lag); the adjustment id derives from the stream version read, so the same edit sent twice
 * at once posts once. With an Idempotency-Key each of the three is its own command, with an id
 * from the request's, so an edit run again after its answer was lost does none of them twice.
 */
import { v5 as uuidv5 } from 'uuid';
import {
  directAdjustmentsSince,
  KOBO_UUID_NAMESPACE,
  kobo,
  nairaInMessage,
  koboToNaira,
  readCurrentState,
  streams,
  userDecider,
  type BalanceAdjustmentRequested,
  type HandledEvent,
  type Kobo,
  type UserState,
  type UserStatus,
} from '@kobo/ledger';
import { followEmailChange } from '../../../accounts/email-change';
import type { ApiContext } from '../../../context';
import { commandIdOfStep, HttpProblem, type Principal, principalActor } from '../../../http';

export const REASON_REQUIRED = 'Please give a reason for the balance change.';

export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  status?: UserStatus;
  balance?: Kobo;
  /** Why the balance changes; required when it does. */
  reason?: string;
}

/** A balance change above the approval threshold: recorded, not posted. */
export interface PendingAdjustment {
  adjustmentId: string;
  amount: number;
  state: 'pending';
  message: string;
}

/** How far back an admin's direct balance changes to one user count together against the threshold. */
export const ADJUSTMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function updateUser(
  ctx: ApiContext,
  principal: Principal,
  userId: string,
  changes: UserChanges,
  /** The request's command id (`commandIdOf(res)`), when it has an Idempotency-Key. */
  commandId: string | undefined,
): Promise<{ lastPosition: number; pendingAdjustment?: PendingAdjustment }> {
  // The ledger's own figures (the user's stream, not a read model that may lag), at the version read.
  const { state, version } = await readCurrentState(ctx.store, streams.user(userId), userDecider);
  requireManagedUser(state);
  // Changes posted without a finance approval in the window count together: split into small
  // edits, a large change would otherwise never reach finance.
  const recentDirectAdjustments = await directAdjustmentsSince(
    ctx.store,
    userId,
    new Date(Date.now() - ADJUSTMENT_WINDOW_MS),
  );
  // The balance is checked before anything is changed, so a refused change leaves the rest alone.
  const difference = changes.balance === undefined ? 0 : changes.balance - state.balances.account;
  const rule =
    difference === 0 ? undefined : checkAdjustment(ctx, difference, changes.reason, recentDirectAdjustments);
  const by = principalActor(principal);
  const stepMeta = (step: 'profile' | 'status' | 'balance') => ({
    commandId: commandIdOfStep(commandId, step),
  });
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
    const result = await ctx.commands.updateProfile(
      { userId, ...profile },
      { actor: by, ...stepMeta('profile') },
    );
    ran(result);
    await followEmailChange(ctx, state, result.events);
  }

  if (changes.status !== undefined) {
    // A suspension ends the user's sessions: before the event (should the process die after it)
    // and after it (a sign-in that read the stream just before the event).
    const suspends = changes.status === 'suspended';
    if (suspends) await ctx.auth.sessions.endAll(userId);
    ran(await ctx.commands.setUserStatus({ userId, status: changes.status, by }, stepMeta('status')));
    if (suspends) await ctx.auth.sessions.endAll(userId);
  }

  let pendingAdjustment: PendingAdjustment | undefined;
  if (rule) {
    const data = {
      userId,
      // From the stream version read: the same edit sent twice at once posts (or asks) once.
      adjustmentId: uuidv5(`admin-balance:${userId}:${version}:${changes.balance}`, KOBO_UUID_NAMESPACE),
      balance: 'account' as const,
      amount: kobo(difference),
      reason: rule.reason,
      by,
    };
    if (rule.needsApproval) {
      const result = await ctx.commands.requestBalanceAdjustment(data, stepMeta('balance'));
      ran(result);
      const { adjustmentId, amount } = requestIn(result.events) ?? data;
      pendingAdjustment = {
        adjustmentId,
        amount: koboToNaira(amount),
        state: 'pending',
        message: pendingMessage(amount),
      };
    } else ran(await ctx.commands.adjustBalance(data, stepMeta('balance')));
  }
  return { lastPosition, pendingAdjustment };
}

/**
 * The balance change a request for approval recorded. A repeat answers its first run's, whose id
 * came from the version read then, not from the one read now.
 */
function requestIn(events: readonly HandledEvent[]): { adjustmentId: string; amount: Kobo } | undefined {
  const requested = events.find((e) => e.type === 'BalanceAdjustmentRequested');
  return requested?.data as BalanceAdjustmentRequested['data'] | undefined;
}

export const pendingMessage = (amount: number) =>
  `The balance change of ${nairaInMessage(Math.abs(amount))} waits for a finance user's approval.`;

/**
 * Admin user routes act on users only: staff accounts come from the bootstrap settings. A staff id
 * answers 404 exactly like an unknown one, so the route does not confirm which ids are staff.
 */
export function requireManagedUser(state: UserState): void {
  if (state.existence !== 'registered' || state.role !== 'user')
    throw new HttpProblem('not_found', 'User not found.');
}

/**
 * The rules of one balance change by an admin: a reason, at most the cap, and a finance user's
 * approval when it (either way), added to the changes posted without approval in the last
 * ADJUSTMENT_WINDOW_MS (`recent`, kobo), is above the approval threshold.
 */
export function checkAdjustment(
  ctx: ApiContext,
  difference: number,
  reason: string | undefined,
  recent = 0,
): { reason: string; needsApproval: boolean } {
  const { cap, approvalAbove } = ctx.config.adjustments;
  const size = Math.abs(difference);
  if (size > cap) {
    const message = `One balance change can be at most ${nairaInMessage(cap)}.`;
    throw new HttpProblem('validation', message, { balance: message });
  }
  if (!reason) throw new HttpProblem('validation', REASON_REQUIRED, { reason: REASON_REQUIRED });
  return { reason, needsApproval: size + recent > approvalAbove };
}
