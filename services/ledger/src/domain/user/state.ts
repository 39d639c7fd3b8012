/** The user stream folded: who the user is, their three balances, and their withdrawals. */
import { List, Map as KeyedMap } from 'immutable';
import { Accounts, kobo, type Kobo } from '../../money';
import type { Actor } from '../actor';
import type { BalanceKind, BankDetails, PayoutDiscrepancyKind, Role, UserEvent, UserStatus } from '../events';
import { postingsOf } from '../events';

/** A withdrawal's status, the same word in the domain, the withdrawals read model and the API. */
export type WithdrawalStatus =
  'pending' | 'approved' | 'sending' | 'paid' | 'payout_failed' | 'rejected' | 'reversed';

/**
 * Where a withdrawal's money is, in the one vocabulary every screen speaks (users, admins and
 * finance): Requested, Approved, Sending, Paid, and Failed, Declined or Reversed (each with the
 * money returned).
 */
export type WithdrawalState =
  'requested' | 'approved' | 'sending' | 'paid' | 'failed' | 'declined' | 'reversed';

const stateOfStatus: Record<WithdrawalStatus, WithdrawalState> = {
  pending: 'requested',
  approved: 'approved',
  sending: 'sending',
  paid: 'paid',
  payout_failed: 'failed',
  rejected: 'declined',
  reversed: 'reversed',
};

export function withdrawalStateOf(status: WithdrawalStatus): WithdrawalState {
  return stateOfStatus[status];
}

/** The statuses in a state (one each: the inverse of withdrawalStateOf). */
export function withdrawalStatusOf(state: WithdrawalState): WithdrawalStatus {
  return (Object.keys(stateOfStatus) as WithdrawalStatus[]).find((s) => stateOfStatus[s] === state)!;
}

export const WITHDRAWAL_STATES = Object.values(stateOfStatus);

export interface WithdrawalRecord {
  withdrawalId: string;
  balance: BalanceKind;
  amount: Kobo;
  fee: Kobo;
  status: WithdrawalStatus;
  /** The bank's reference once paid. */
  reference: string | null;
  /**
   * Who pays it: unset until a provider took it (PayoutSent) or finance moved it to the manual
   * desk (PayoutMovedToManual); the payout job leaves a payout on the manual desk alone.
   */
  desk?: 'provider' | 'manual';
  /** The provider's words when it held the payout for a person to look at. */
  heldReason?: string | null;
  /** The kinds of discrepancy already recorded (each is recorded once). */
  discrepancies?: PayoutDiscrepancyKind[];
  /** The approvals made so far, undone ones included (absent: none). */
  approvals?: number;
  /**
   * Until when (ISO 8601, exclusive) the current approval may be undone: no payout is sent,
   * moved or recorded before it. Absent when not approved.
   */
  undoableUntil?: string;
}

export interface UserState {
  existence: 'none' | 'registered' | 'deleted';
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  role: Role;
  status: UserStatus;
  referralCode: string;
  referredBy: string | null;
  bankDetails: BankDetails | null;
  /** When bank details were last changed (not first set): withdrawals wait a while after it. */
  bankDetailsChangedAt: string | null;
  /** Kobo on each of the user's ledger accounts. */
  balances: { account: Kobo; activity: Kobo; hold: Kobo };
  /** By withdrawal id. The keyed collections are persistent maps: an event adds to one without
   * copying it, so a user with 10,000 entries folds as fast as a new one (decision 0014). */
  withdrawals: KeyedMap<string, WithdrawalRecord>;
  /** Reviewed tasks approved so far (activity completions do not count). */
  approvedTasks: number;
  /** Referred users whose referral bonus this user has received. */
  referralBonuses: KeyedMap<string, true>;
  /** Adjustments posted, by adjustment id (a repeated one is not posted twice). */
  adjustments: KeyedMap<string, true>;
  /** Adjustments that waited for approval, by adjustment id. */
  adjustmentRequests: KeyedMap<string, AdjustmentRequest>;
  /**
   * Balance changes posted without a finance approval, oldest first, as far back as an approval
   * window reaches (DIRECT_ADJUSTMENTS_KEPT_HOURS before the newest): they count together against
   * the approval threshold.
   */
  directAdjustments: List<DirectAdjustment>;
  /**
   * Staff ids who created the account or changed its balance (an adjustment's poster, or for one
   * that waited, its asker): none of them may approve its withdrawals.
   */
  staffInvolved: string[];
}

/** A balance change posted without approval: when, and its size (kobo, either way). */
export interface DirectAdjustment {
  at: string;
  size: Kobo;
}

/** How far back, from the newest, the state keeps the changes posted without approval. */
export const DIRECT_ADJUSTMENTS_KEPT_HOURS = 7 * 24;

export interface AdjustmentRequest {
  balance: BalanceKind;
  amount: Kobo;
  reason: string;
  requestedBy: Actor;
  /** replaced: closed by a later edit of the account balance, not by finance. */
  state: 'pending' | 'approved' | 'rejected' | 'replaced';
  /** The account balance an admin's edit set with it; absent when asked for another way. */
  target?: Kobo;
}

export function initialUserState(): UserState {
  return {
    existence: 'none',
    userId: '',
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    phone: '',
    role: 'user',
    status: 'active',
    referralCode: '',
    referredBy: null,
    bankDetails: null,
    bankDetailsChangedAt: null,
    balances: { account: kobo(0), activity: kobo(0), hold: kobo(0) },
    withdrawals: KeyedMap(),
    approvedTasks: 0,
    referralBonuses: KeyedMap(),
    adjustments: KeyedMap(),
    adjustmentRequests: KeyedMap(),
    directAdjustments: List(),
    staffInvolved: [],
  };
}

/**
 * The state from its saved form (a snapshot is the state as JSON, where each keyed collection is
 * a plain object), so a saved snapshot reads back whichever form it was saved from.
 */
export function restoreUserState(saved: unknown): UserState {
  const state = saved as UserState & Record<keyof KeyedCollections, object>;
  return {
    ...state,
    withdrawals: KeyedMap(state.withdrawals as Record<string, WithdrawalRecord>),
    referralBonuses: KeyedMap(state.referralBonuses as Record<string, true>),
    adjustments: KeyedMap(state.adjustments as Record<string, true>),
    adjustmentRequests: KeyedMap(state.adjustmentRequests as Record<string, AdjustmentRequest>),
    directAdjustments: List(state.directAdjustments as DirectAdjustment[]),
  };
}

type KeyedCollections = Pick<
  UserState,
  'withdrawals' | 'referralBonuses' | 'adjustments' | 'adjustmentRequests' | 'directAdjustments'
>;

/** Every posting to this user's accounts, whatever event carries it, moves the balances. */
function applyPostings(state: UserState, event: UserEvent): UserState['balances'] {
  const postings = postingsOf(event);
  if (postings.length === 0) return state.balances;
  const id = state.userId || event.data.userId;
  const balances = { ...state.balances };
  for (const p of postings) {
    if (p.account === Accounts.userAccount(id)) balances.account = kobo(balances.account + p.amount);
    else if (p.account === Accounts.userActivity(id)) balances.activity = kobo(balances.activity + p.amount);
    else if (p.account === Accounts.userHold(id)) balances.hold = kobo(balances.hold + p.amount);
  }
  return balances;
}

/** The changes posted without approval with one more, those too old for any window dropped. */
function withDirectAdjustment(state: UserState, at: string, amount: Kobo): UserState['directAdjustments'] {
  const added = state.directAdjustments.push({ at, size: kobo(Math.abs(amount)) });
  const newest = Math.max(Date.parse(at), Date.parse(state.directAdjustments.last()?.at ?? at));
  const oldest = newest - DIRECT_ADJUSTMENTS_KEPT_HOURS * 60 * 60 * 1000;
  // Dropped from the front one by one: a persistent list's shift does not copy it.
  let kept = added;
  while (kept.size > 0 && Date.parse(kept.first()!.at) < oldest) kept = kept.shift();
  return kept;
}

function withWithdrawal(
  state: UserState,
  id: string,
  change: Partial<WithdrawalRecord>,
): UserState['withdrawals'] {
  const current = state.withdrawals.get(id);
  if (!current) return state.withdrawals;
  return state.withdrawals.set(id, { ...current, ...change });
}

/** The staff ids with `actor` added (a staff member once; a user or a job is not staff). */
function withStaff(staff: string[], actor: Actor): string[] {
  if ((actor.role !== 'admin' && actor.role !== 'finance') || staff.includes(actor.id)) return staff;
  return [...staff, actor.id];
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  const next: UserState = { ...state, balances: applyPostings(state, event) };
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...next,
        existence: 'registered',
        userId: d.userId,
        firstName: d.firstName,
        lastName: d.lastName,
        username: d.username,
        email: d.email,
        phone: d.phone,
        role: d.role,
        status: 'active',
        referralCode: d.referralCode,
        referredBy: d.referredBy,
        staffInvolved: d.by ? withStaff(state.staffInvolved, d.by) : state.staffInvolved,
      };
    }
    case 'UserProfileUpdated': {
      const { userId: _userId, ...changes } = event.data;
      return { ...next, ...changes };
    }
    case 'BankDetailsUpdated':
      return {
        ...next,
        bankDetails: event.data.bankDetails,
        bankDetailsChangedAt:
          state.bankDetails && event.data.changedAt ? event.data.changedAt : state.bankDetailsChangedAt,
      };
    case 'PasswordChanged':
      return next;
    case 'UserRoleSet':
      return { ...next, role: event.data.role };
    case 'UserStatusSet':
      return { ...next, status: event.data.status };
    case 'UserDeleted':
      return { ...next, existence: 'deleted' };
    case 'BalanceAdjusted': {
      const { adjustmentId: id, at, requestedBy, amount, by } = event.data;
      const involved: UserState = {
        ...next,
        staffInvolved: withStaff(state.staffInvolved, requestedBy ?? by),
      };
      const posted: UserState =
        at !== undefined && requestedBy === undefined
          ? { ...involved, directAdjustments: withDirectAdjustment(state, at, amount) }
          : involved;
      if (!id) return posted;
      const request = state.adjustmentRequests.get(id);
      return {
        ...posted,
        adjustments: state.adjustments.set(id, true),
        adjustmentRequests: request
          ? state.adjustmentRequests.set(id, { ...request, state: 'approved' })
          : state.adjustmentRequests,
      };
    }
    case 'BalanceAdjustmentRequested': {
      const d = event.data;
      const request: AdjustmentRequest = {
        balance: d.balance,
        amount: d.amount,
        reason: d.reason,
        requestedBy: d.by,
        state: 'pending',
        ...(d.target !== undefined && { target: d.target }),
      };
      return { ...next, adjustmentRequests: state.adjustmentRequests.set(d.adjustmentId, request) };
    }
    case 'BalanceAdjustmentRejected': {
      const request = state.adjustmentRequests.get(event.data.adjustmentId);
      if (!request) return next;
      return {
        ...next,
        adjustmentRequests: state.adjustmentRequests.set(event.data.adjustmentId, {
          ...request,
          state: event.data.replacedBy === undefined ? 'rejected' : 'replaced',
        }),
      };
    }
    case 'RewardCredited':
      return event.data.balance === 'account' ? { ...next, approvedTasks: state.approvedTasks + 1 } : next;
    case 'ReferralBonusCredited':
      return { ...next, referralBonuses: state.referralBonuses.set(event.data.referredUserId, true) };
    case 'WithdrawalRequested': {
      const d = event.data;
      const record: WithdrawalRecord = {
        withdrawalId: d.withdrawalId,
        balance: d.balance,
        amount: d.amount,
        fee: d.fee,
        status: 'pending',
        reference: null,
      };
      return { ...next, withdrawals: state.withdrawals.set(d.withdrawalId, record) };
    }
    case 'WithdrawalApproved': {
      const approvals = (state.withdrawals.get(event.data.withdrawalId)?.approvals ?? 0) + 1;
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, {
          status: 'approved',
          approvals,
          // Only an approval with a window has one (none before undo existed, none with 0 s).
          ...(event.data.undoableUntil > event.data.at && { undoableUntil: event.data.undoableUntil }),
        }),
      };
    }
    case 'WithdrawalApprovalUndone': {
      const w = state.withdrawals.get(event.data.withdrawalId);
      if (!w) return next;
      const { undoableUntil: _closed, ...rest } = w;
      return { ...next, withdrawals: state.withdrawals.set(w.withdrawalId, { ...rest, status: 'pending' }) };
    }
    case 'WithdrawalRejected':
      return { ...next, withdrawals: withWithdrawal(state, event.data.withdrawalId, { status: 'rejected' }) };
    case 'PayoutSent':
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, {
          status: 'sending',
          desk: 'provider',
          heldReason: null,
        }),
      };
    case 'PayoutHeld':
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, { heldReason: event.data.reason }),
      };
    case 'PayoutMovedToManual':
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, { desk: 'manual', heldReason: null }),
      };
    case 'PayoutSucceeded':
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, {
          status: 'paid',
          reference: event.data.reference,
          heldReason: null,
        }),
      };
    case 'PayoutFailed':
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, {
          status: 'payout_failed',
          heldReason: null,
        }),
      };
    case 'PayoutReversed':
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, { status: 'reversed' }),
      };
    case 'PayoutDiscrepancyFound': {
      const known = state.withdrawals.get(event.data.withdrawalId)?.discrepancies ?? [];
      return {
        ...next,
        withdrawals: withWithdrawal(state, event.data.withdrawalId, {
          discrepancies: [...known, event.data.kind],
        }),
      };
    }
  }
}
