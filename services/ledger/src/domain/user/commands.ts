/** What can be asked of a user stream (user-{userId}). Amounts are kobo. */
import type { Kobo } from '../../money';
import type { Actor } from '../actor';
import type { BalanceKind, PayoutDiscrepancyKind, Role, UserStatus, WithdrawalType } from '../events';
import type { MoneyRules } from '../money-rules';

type Command<Type extends string, Data> = { type: Type; data: Data };

export type RegisterUser = Command<
  'RegisterUser',
  {
    userId: string;
    firstName: string;
    lastName: string;
    username: string;
    email: string;
    phone: string;
    role: Role;
    /** The new user's own code, chosen by the caller. */
    referralCode: string;
    /** The referrer's user id (already resolved from the code typed at sign-up). */
    referredBy: string | null;
    /** The staff member creating the account, when one does (then no metadata actor is given). */
    by?: Actor;
    rules: MoneyRules;
  }
>;
export type UpdateProfile = Command<
  'UpdateProfile',
  { userId: string; firstName?: string; lastName?: string; email?: string; phone?: string }
>;
export type UpdateBankDetails = Command<
  'UpdateBankDetails',
  {
    userId: string;
    /** The bank's code; the list's name for it is stored (domain/banks.ts). */
    bankCode: string;
    /**
     * The bank's name as a payout provider lists it, for a code the ledger's list does not have
     * (ignored for a code it has).
     */
    bankName?: string;
    accountNum: string;
    accountName: string;
    /** `resolved`: the account name is the one the bank holds (name enquiry). Default `unchecked`. */
    nameCheck?: 'resolved' | 'unchecked';
    /** When the change is made (ISO 8601); a change starts the withdrawal hold from here. */
    now: string;
  }
>;
export type ChangePassword = Command<'ChangePassword', { userId: string }>;
export type SetUserRole = Command<'SetUserRole', { userId: string; role: Role }>;
export type SetUserStatus = Command<'SetUserStatus', { userId: string; status: UserStatus; by: Actor }>;
/** `reason`: why it is deleted, in the admin's words (absent when the user deletes their own account). */
export type DeleteUser = Command<'DeleteUser', { userId: string; by: Actor; reason?: string }>;
export type AdjustBalance = Command<
  'AdjustBalance',
  {
    userId: string;
    /** Chosen by the caller: the same id again is a retry. */
    adjustmentId: string;
    balance: BalanceKind;
    /** Signed: positive credits the user, negative debits. */
    amount: Kobo;
    reason: string;
    by: Actor;
    /** When it is made (ISO 8601): it counts in the approval window of later changes. */
    now?: string;
  }
>;
/** The limits of an admin's balance change, in kobo (the window in hours). */
export interface AdjustmentRules {
  /** No one change may be larger, either way. */
  cap: Kobo;
  /** Changes posted without approval in the window, this one added, above this wait for finance. */
  approvalAbove: Kobo;
  /** How far back the changes posted without approval count together (at most 168). */
  windowHours: number;
}
/**
 * An admin sets the account balance to `target`: the difference from the balance as decided is
 * posted (BalanceAdjusted) or, above the approval threshold, asked of finance
 * (BalanceAdjustmentRequested). Decided again on fresh state after a conflict, so "set to X" means
 * X however many edits run at once.
 */
export type SetAccountBalance = Command<
  'SetAccountBalance',
  {
    userId: string;
    /** The id of the change posted or asked for; chosen by the caller: the same id again is a retry. */
    adjustmentId: string;
    /** The account balance wanted. */
    target: Kobo;
    reason: string;
    by: Actor;
    /** When the change is made (ISO 8601): the window ends here, and a posted change is stamped with it. */
    now: string;
    rules: AdjustmentRules;
  }
>;
/** Above the approval threshold: recorded, not posted, until finance decides. */
export type RequestBalanceAdjustment = Command<
  'RequestBalanceAdjustment',
  { userId: string; adjustmentId: string; balance: BalanceKind; amount: Kobo; reason: string; by: Actor }
>;
export type ApproveBalanceAdjustment = Command<
  'ApproveBalanceAdjustment',
  { userId: string; adjustmentId: string; by: Actor }
>;
export type RejectBalanceAdjustment = Command<
  'RejectBalanceAdjustment',
  { userId: string; adjustmentId: string; reason: string; by: Actor }
>;
export type CreditReward = Command<
  'CreditReward',
  {
    userId: string;
    campaignId: string;
    submissionId: string;
    balance: BalanceKind;
    amount: Kobo;
    title: string;
  }
>;
export type CreditReferralBonus = Command<
  'CreditReferralBonus',
  { userId: string; referredUserId: string; amount: Kobo }
>;
export type RequestWithdrawal = Command<
  'RequestWithdrawal',
  {
    userId: string;
    withdrawalId: string;
    type: WithdrawalType;
    amount: Kobo;
    rules: MoneyRules;
    /** When the request is made (ISO 8601): checked against the bank-change hold. */
    now: string;
  }
>;
export type ApproveWithdrawal = Command<
  'ApproveWithdrawal',
  {
    userId: string;
    withdrawalId: string;
    by: Actor;
    /** When it is approved (ISO 8601): the undo window starts here. */
    now: string;
    /** How long the approval may be undone, in seconds (0: not at all). */
    undoSeconds: number;
  }
>;
/** Takes an approval back within its undo window, before any payout started. */
export type UndoWithdrawalApproval = Command<
  'UndoWithdrawalApproval',
  {
    userId: string;
    withdrawalId: string;
    by: Actor;
    /** When it is asked (ISO 8601): refused from the approval's `undoableUntil` on. */
    now: string;
  }
>;
export type RejectWithdrawal = Command<
  'RejectWithdrawal',
  { userId: string; withdrawalId: string; reason: string; by: Actor }
>;
export type RecordPayoutSucceeded = Command<
  'RecordPayoutSucceeded',
  { userId: string; withdrawalId: string; provider: string; reference: string; now: string }
>;
export type RecordPayoutFailed = Command<
  'RecordPayoutFailed',
  { userId: string; withdrawalId: string; provider: string; reason: string }
>;
export type RecordPayoutSent = Command<
  'RecordPayoutSent',
  {
    userId: string;
    withdrawalId: string;
    provider: string;
    reference: string;
    transferCode: string | null;
    now: string;
  }
>;
export type RecordPayoutHeld = Command<
  'RecordPayoutHeld',
  { userId: string; withdrawalId: string; provider: string; reason: string; now: string }
>;
export type MovePayoutToManual = Command<
  'MovePayoutToManual',
  { userId: string; withdrawalId: string; by: Actor; now: string }
>;
export type RecordPayoutReversed = Command<
  'RecordPayoutReversed',
  { userId: string; withdrawalId: string; provider: string; reason: string }
>;
export type RecordPayoutDiscrepancy = Command<
  'RecordPayoutDiscrepancy',
  { userId: string; withdrawalId: string; provider: string; kind: PayoutDiscrepancyKind; detail: string }
>;

export type UserCommand =
  | RegisterUser
  | UpdateProfile
  | UpdateBankDetails
  | ChangePassword
  | SetUserRole
  | SetUserStatus
  | DeleteUser
  | AdjustBalance
  | SetAccountBalance
  | RequestBalanceAdjustment
  | ApproveBalanceAdjustment
  | RejectBalanceAdjustment
  | CreditReward
  | CreditReferralBonus
  | RequestWithdrawal
  | ApproveWithdrawal
  | UndoWithdrawalApproval
  | RejectWithdrawal
  | RecordPayoutSent
  | RecordPayoutHeld
  | MovePayoutToManual
  | RecordPayoutSucceeded
  | RecordPayoutFailed
  | RecordPayoutReversed
  | RecordPayoutDiscrepancy;
