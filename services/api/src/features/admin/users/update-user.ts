/**
 * An admin edits a user: profile fields, status, and the account balance. The balance is set by
 * the ledger's SetAccountBalance, decided on the user's stream: the difference from the balance
 * there is posted, or waits for finance when it and the changes posted without approval in the
 * window are above the threshold. Edits at the same time conflict and are decided again on fresh
 * state, so the same edit sent twice at once posts (or asks) once, and "set to X" means X. With an
 * Idempotency-Key each of the three is its own command, with an id from the request's, so an edit
 * run again after its answer was lost does none of them twice.
 */
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  checkBalanceChange,
  currentUser,
  KOBO_UUID_NAMESPACE,
  kobo,
  nairaInMessage,
  koboToNaira,
  pendingRequestTo,
  readCurrentState,
  REASON_REQUIRED,
  streams,
  userDecider,
  type AdjustmentRules,
  type BalanceAdjustmentRequested,
  type HandledEvent,
  type Kobo,
  type UserState,
  type UserStatus,
} from '@kobo/ledger';
import { followEmailChange } from '../../../accounts/email-change';
import type { ApiContext } from '../../../context';
import { commandIdOfStep, HttpProblem, type Principal, principalActor } from '../../../http';

export { REASON_REQUIRED };

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
export const ADJUSTMENT_WINDOW_HOURS = 24;

/** The limits of an admin's balance change, from the configuration. */
export function adjustmentRules(ctx: ApiContext): AdjustmentRules {
  const { cap, approvalAbove } = ctx.config.adjustments;
  return { cap: kobo(cap), approvalAbove: kobo(approvalAbove), windowHours: ADJUSTMENT_WINDOW_HOURS };
}

export async function updateUser(
  ctx: ApiContext,
  principal: Principal,
  userId: string,
  changes: UserChanges,
  /** The request's command id (`commandIdOf(res)`), when it has an Idempotency-Key. */
  commandId: string | undefined,
): Promise<{ lastPosition: number; pendingAdjustment?: PendingAdjustment }> {
  // The ledger's own figures (the user's stream, not a read model that may lag).
  const { state } = await readCurrentState(ctx.store, streams.user(userId), userDecider);
  requireManagedUser(state);
  // The balance is checked before anything is changed, so a refused change leaves the rest alone
  // (the ledger checks it again as it decides, on the balance then).
  const target = changes.balance;
  const setsBalance = target !== undefined && target !== state.balances.account;
  if (setsBalance) checkAdjustment(ctx, target - state.balances.account, changes.reason);
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
  if (setsBalance) {
    const result = await ctx.commands.setAccountBalance(
      {
        userId,
        adjustmentId:
          commandId === undefined ? randomUUID() : uuidv5(`admin-balance:${commandId}`, KOBO_UUID_NAMESPACE),
        target,
        reason: changes.reason ?? '',
        by,
        rules: adjustmentRules(ctx),
      },
      stepMeta('balance'),
    );
    ran(result);
    // Asked now (or by this request's first run), or already waiting from an edit to the same balance.
    const request =
      requestIn(result.events) ??
      (result.events.length === 0
        ? pendingRequestTo(await currentUser(ctx.store, userId), target)
        : undefined);
    if (request) pendingAdjustment = pendingAdjustmentOf(request);
  }
  return { lastPosition, pendingAdjustment };
}

/** The balance change a request for approval recorded, if the command asked for one. */
export function requestIn(
  events: readonly HandledEvent[],
): { adjustmentId: string; amount: Kobo } | undefined {
  const requested = events.find((e) => e.type === 'BalanceAdjustmentRequested');
  return requested?.data as BalanceAdjustmentRequested['data'] | undefined;
}

export function pendingAdjustmentOf(request: { adjustmentId: string; amount: Kobo }): PendingAdjustment {
  return {
    adjustmentId: request.adjustmentId,
    amount: koboToNaira(request.amount),
    state: 'pending',
    message: pendingMessage(request.amount),
  };
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
 * The rules of one balance change by an admin that need no state, checked before anything is
 * changed: a reason, and at most the cap. Whether it waits for finance is the ledger's to decide,
 * on the user's stream (SetAccountBalance).
 */
export function checkAdjustment(ctx: ApiContext, difference: number, reason: string | undefined): void {
  checkBalanceChange(Math.abs(difference), reason ?? '', adjustmentRules(ctx));
}
