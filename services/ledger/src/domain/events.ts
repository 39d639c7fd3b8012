/**
 * The event catalogue: every fact the ledger records. docs/event-catalogue.md explains each one.
 *
 * Streams:
 *   user-{userId}          the user and their wallet (account, activity and hold balances)
 *   campaign-{campaignId}  the campaign, its escrow, and the submissions made against it
 *   unique-{kind}-{value}  a claim on a username, email or referral code (uniqueness across users)
 *   community              the community links
 *   ledger                 the log's own audited changes (a re-seal of personal fields)
 *
 * Money events carry `postings` that sum to zero. Every posting to a user's accounts is in an
 * event on that user's stream, so the user decider sees the exact balance under optimistic
 * concurrency; escrow limits are checked by the campaign decider, whose stream records every
 * use of the escrow (approvals, activity completions, refunds).
 */
import type { Kobo, Posting } from '../money';
import type { Actor } from './actor';

export type Role = 'user' | 'admin' | 'finance';
export type UserStatus = 'active' | 'inactive' | 'suspended';
export type BalanceKind = 'account' | 'activity';
/** The wire name of a withdrawal kind, as the client sends it. */
export type WithdrawalType = 'withdrawal' | 'activityWithdrawal';

/** The withdrawal type (wire name) of a withdrawal from `balance`; `balanceOf` is its inverse. */
export function withdrawalTypeOf(balance: BalanceKind): WithdrawalType {
  return balance === 'activity' ? 'activityWithdrawal' : 'withdrawal';
}

/** The balance a withdrawal of `type` is taken from; `withdrawalTypeOf` is its inverse. */
export function balanceOf(type: WithdrawalType): BalanceKind {
  return type === 'activityWithdrawal' ? 'activity' : 'account';
}

/**
 * `awaiting_approval`: its total reward is above the approval threshold and a finance user has not
 * approved it yet (no one can take part); `rejected`: finance turned it down (its escrow went back).
 */
export type CampaignStatus =
  'active' | 'paused' | 'completed' | 'draft' | 'deleted' | 'awaiting_approval' | 'rejected';

export interface BankDetails {
  bankName: string;
  accountNum: string;
  accountName: string;
  /**
   * The bank's code (domain/banks.ts; a payout provider's code for banks only it lists). Absent
   * from details stored before codes were kept: `bankCodeOf` gives it from the name.
   */
  bankCode?: string;
  /**
   * Whether the account name is the one the bank holds (`resolved`, by a payout provider's name
   * enquiry) or as the user typed it (`unchecked`). Absent from details stored before.
   */
  nameCheck?: 'resolved' | 'unchecked';
}

type Event<Type extends string, Data> = { type: Type; data: Data };

// ---- user stream: user-{userId} ------------------------------------------------------------

export type UserRegistered = Event<
  'UserRegistered',
  {
    userId: string;
    firstName: string;
    lastName: string;
    username: string;
    email: string;
    phone: string;
    role: Role;
    referralCode: string;
    /** The referrer's user id, resolved from the referral code given at sign-up. */
    referredBy: string | null;
    /**
     * The staff member who created the account (an admin's POST /admin/users); absent when the
     * person signed up themselves or the account was bootstrapped. Another staff member must
     * approve this account's withdrawals.
     */
    by?: Actor;
    signupBonus: Kobo;
    /** bonus_expense -> user activity (empty when the bonus is 0 or the role is not user). */
    postings: Posting[];
  }
>;
export type UserProfileUpdated = Event<
  'UserProfileUpdated',
  { userId: string; firstName?: string; lastName?: string; email?: string; phone?: string }
>;
export type BankDetailsUpdated = Event<
  'BankDetailsUpdated',
  {
    userId: string;
    bankDetails: BankDetails;
    /** When they were set (ISO 8601); a change (not the first setting) holds withdrawals for a while. */
    changedAt?: string;
  }
>;
/** The password itself lives in the credentials table, never in the log. */
export type PasswordChanged = Event<'PasswordChanged', { userId: string }>;
export type UserRoleSet = Event<'UserRoleSet', { userId: string; role: Role }>;
export type UserStatusSet = Event<'UserStatusSet', { userId: string; status: UserStatus; by: Actor }>;
/**
 * The account is deleted and the person erased: their data key is destroyed once this is recorded
 * (docs/decisions/0052-personal-data-in-the-log.md). `withdrawalIds`: their withdrawals, whose bank
 * details the read models forget with them (absent from deletions recorded before it was kept).
 * `reason`: why, in the admin's words; absent when the user deleted their own account, and from
 * deletions recorded before it was kept. It is the staff's record, not the person's, so not sealed.
 */
export type UserDeleted = Event<
  'UserDeleted',
  { userId: string; by: Actor; withdrawalIds?: string[]; reason?: string }
>;
/** An admin's correction of a balance; adjustments account <-> user account. */
export type BalanceAdjusted = Event<
  'BalanceAdjusted',
  {
    userId: string;
    /** The caller's id for this adjustment, so a retried adjustment is not applied twice. */
    adjustmentId?: string;
    balance: BalanceKind;
    amount: Kobo;
    reason: string;
    /** Who posted it: the admin, or the finance user who approved a request. */
    by: Actor;
    /** Set when the adjustment waited for approval: who asked for it. */
    requestedBy?: Actor;
    /**
     * When a change posted without approval was made (ISO 8601): such changes in a day count
     * together against the approval threshold. Read from the recorded time for events stored
     * before version 3.
     */
    at?: string;
    postings: Posting[];
  }
>;
/**
 * A balance change above the approval threshold, asked for by an admin: nothing is posted until a
 * finance user approves it (then BalanceAdjusted, same adjustmentId) or rejects it, or a later
 * edit of the account balance replaces it (BalanceAdjustmentRejected with `replacedBy`).
 */
export type BalanceAdjustmentRequested = Event<
  'BalanceAdjustmentRequested',
  {
    userId: string;
    adjustmentId: string;
    balance: BalanceKind;
    /** Relative to the balance when asked: approving it posts this amount. */
    amount: Kobo;
    reason: string;
    by: Actor;
    /**
     * Set when an admin's edit of the account balance asked for it (SetAccountBalance): the
     * balance the edit set. A later such edit replaces it while it waits. Absent on requests asked
     * for another way and on those recorded before requests said it.
     */
    target?: Kobo;
  }
>;
/**
 * A waiting balance change closed without posting: rejected by a finance user, or replaced by a
 * later edit of the account balance (`replacedBy`; `by` is the admin who made that edit).
 */
export type BalanceAdjustmentRejected = Event<
  'BalanceAdjustmentRejected',
  {
    userId: string;
    adjustmentId: string;
    reason: string;
    by: Actor;
    /** Set when a later edit of the account balance replaced the request: that change's id. */
    replacedBy?: string;
  }
>;
/** A task or activity reward landing in the user's wallet; campaign escrow -> user balance. */
export type RewardCredited = Event<
  'RewardCredited',
  {
    userId: string;
    campaignId: string;
    submissionId: string;
    /** account for reviewed tasks, activity for activity tasks */
    balance: BalanceKind;
    amount: Kobo;
    title: string;
    postings: Posting[];
  }
>;
/** Credited to the referrer when the person they referred has a first task approved. */
export type ReferralBonusCredited = Event<
  'ReferralBonusCredited',
  { userId: string; referredUserId: string; amount: Kobo; postings: Posting[] }
>;
/** A hold (pending transfer): balance -> hold. */
export type WithdrawalRequested = Event<
  'WithdrawalRequested',
  {
    userId: string;
    withdrawalId: string;
    balance: BalanceKind;
    amount: Kobo;
    fee: Kobo;
    bankDetails: BankDetails;
    postings: Posting[];
  }
>;
/**
 * The hold is posted: hold -> payouts clearing; the payout is queued to start once the approval
 * can no longer be undone (`undoableUntil`).
 */
export type WithdrawalApproved = Event<
  'WithdrawalApproved',
  {
    userId: string;
    withdrawalId: string;
    amount: Kobo;
    by: Actor;
    /** When it was approved (ISO 8601). Read from the recorded time for events stored before version 3. */
    at: string;
    /**
     * Until when (ISO 8601, exclusive) the approval may be undone; no payout is sent or recorded
     * before it. The same as `at` where there was no window (events stored before version 3).
     */
    undoableUntil: string;
    /** This approval's number for the withdrawal once an earlier one was undone (2, 3, …); absent on the first. */
    approval?: number;
    postings: Posting[];
  }
>;
/**
 * An approval taken back within its undo window, before any payout started: payouts clearing ->
 * hold (the reverse of the approval's postings); the withdrawal is pending again.
 */
export type WithdrawalApprovalUndone = Event<
  'WithdrawalApprovalUndone',
  { userId: string; withdrawalId: string; amount: Kobo; by: Actor; postings: Posting[] }
>;
/** The hold is voided: hold -> the balance it came from. */
export type WithdrawalRejected = Event<
  'WithdrawalRejected',
  { userId: string; withdrawalId: string; amount: Kobo; reason: string; by: Actor; postings: Posting[] }
>;
/** Money left for the bank: payouts clearing -> world. */
export type PayoutSucceeded = Event<
  'PayoutSucceeded',
  {
    userId: string;
    withdrawalId: string;
    amount: Kobo;
    provider: string;
    reference: string;
    postings: Posting[];
  }
>;
/**
 * The payout provider accepted the transfer and is sending it (the withdrawal is "Sending"); the
 * outcome follows as PayoutSucceeded, PayoutFailed or, after a success, PayoutReversed.
 * `reference` is ours, the same on every retry; `transferCode` is the provider's, when it gave one.
 */
export type PayoutSent = Event<
  'PayoutSent',
  { userId: string; withdrawalId: string; provider: string; reference: string; transferCode: string | null }
>;
/**
 * The provider refused the transfer in a way a person must look at (an OTP asked for, transfers
 * disabled, the provider's balance too low): it is not retried blindly. Finance sees `reason`, the
 * provider's words, and can move the payout to the manual desk.
 */
export type PayoutHeld = Event<
  'PayoutHeld',
  { userId: string; withdrawalId: string; provider: string; reason: string }
>;
/** Finance takes the payout to the manual desk: from now on finance pays it by hand and marks it. */
export type PayoutMovedToManual = Event<
  'PayoutMovedToManual',
  { userId: string; withdrawalId: string; from: string; by: Actor }
>;
/**
 * A paid payout came back from the bank: world -> the balance it came from (the amount sent) and
 * withdrawal fees -> that balance (the fee), so the user has the whole amount again.
 */
export type PayoutReversed = Event<
  'PayoutReversed',
  {
    userId: string;
    withdrawalId: string;
    amount: Kobo;
    provider: string;
    reason: string;
    postings: Posting[];
  }
>;
/** What the provider says disagrees with what the ledger recorded: listed for finance, nothing moves. */
export type PayoutDiscrepancyKind = 'success_after_failure' | 'paid_twice' | 'amount_mismatch';
export type PayoutDiscrepancyFound = Event<
  'PayoutDiscrepancyFound',
  { userId: string; withdrawalId: string; provider: string; kind: PayoutDiscrepancyKind; detail: string }
>;
/** The payout did not happen: payouts clearing -> the balance it came from. */
export type PayoutFailed = Event<
  'PayoutFailed',
  {
    userId: string;
    withdrawalId: string;
    amount: Kobo;
    provider: string;
    reason: string;
    postings: Posting[];
  }
>;

export type UserEvent =
  | UserRegistered
  | UserProfileUpdated
  | BankDetailsUpdated
  | PasswordChanged
  | UserRoleSet
  | UserStatusSet
  | UserDeleted
  | BalanceAdjusted
  | BalanceAdjustmentRequested
  | BalanceAdjustmentRejected
  | RewardCredited
  | ReferralBonusCredited
  | WithdrawalRequested
  | WithdrawalApproved
  | WithdrawalApprovalUndone
  | WithdrawalRejected
  | PayoutSent
  | PayoutHeld
  | PayoutMovedToManual
  | PayoutSucceeded
  | PayoutFailed
  | PayoutReversed
  | PayoutDiscrepancyFound;

// ---- campaign stream: campaign-{campaignId} ------------------------------------------------

export interface CampaignDetails {
  title: string;
  platform: string;
  variation: string;
  instructions: string;
  url: string;
  /** Price per unit: what one approved submission earns. */
  price: Kobo;
  units: number;
  /** Estimated minutes to complete. */
  estimatedMinutes: number;
  /** Object-store key of the guide screenshot, if any. */
  image: string | null;
}

/** Escrows units x price: world -> campaign escrow. */
export type CampaignCreated = Event<
  'CampaignCreated',
  {
    campaignId: string;
    details: CampaignDetails;
    status: 'active' | 'draft';
    by: Actor;
    escrow: Kobo;
    postings: Posting[];
  }
>;
/** Changed details; a change of units or price tops up or refunds the escrow (world <-> escrow). */
export type CampaignUpdated = Event<
  'CampaignUpdated',
  {
    campaignId: string;
    changes: Partial<CampaignDetails>;
    by: Actor;
    escrowDelta: Kobo;
    postings: Posting[];
  }
>;
/**
 * The campaign's total reward (price × units) is above the approval threshold: it waits, status
 * `awaiting_approval`, for a finance user other than `by` to approve it (it then takes
 * `statusAfter`) or reject it. Asked when it is created, or when an edit raises its total above
 * both the threshold and the total approved before. `approvalId` names this request in the finance
 * queue.
 */
export type CampaignApprovalRequested = Event<
  'CampaignApprovalRequested',
  {
    campaignId: string;
    approvalId: string;
    title: string;
    price: Kobo;
    units: number;
    /** price × units. */
    total: Kobo;
    /** The balance its rewards are credited to (activity for activity tasks). */
    rewardsTo: BalanceKind;
    /** The status it takes once approved: the one asked for at creation, or the one it had. */
    statusAfter: 'active' | 'draft' | 'paused';
    by: Actor;
  }
>;
/** A finance user approved the campaign's total: it takes the status its request named. */
export type CampaignApproved = Event<
  'CampaignApproved',
  {
    campaignId: string;
    approvalId: string;
    total: Kobo;
    status: 'active' | 'draft' | 'paused';
    by: Actor;
  }
>;
/** A finance user turned the campaign down: it never runs again, its unspent escrow goes back (escrow -> world). */
export type CampaignRejected = Event<
  'CampaignRejected',
  { campaignId: string; approvalId: string; reason: string; by: Actor; refund: Kobo; postings: Posting[] }
>;
export type CampaignPaused = Event<'CampaignPaused', { campaignId: string; by: Actor }>;
export type CampaignResumed = Event<'CampaignResumed', { campaignId: string; by: Actor }>;
/** Unspent escrow goes back: escrow -> world. */
export type CampaignCompleted = Event<
  'CampaignCompleted',
  { campaignId: string; by: Actor; refund: Kobo; postings: Posting[] }
>;
export type CampaignDeleted = Event<
  'CampaignDeleted',
  { campaignId: string; by: Actor; refund: Kobo; postings: Posting[] }
>;
/** A proof was submitted; it reserves one unit until it is approved or rejected. */
export type TaskSubmitted = Event<
  'TaskSubmitted',
  { campaignId: string; submissionId: string; userId: string; proofImage: string; reward: Kobo }
>;
/**
 * Another user's proof that a verified proof looks like, by ids. Never their name: the event is not
 * sealed under that user's key, so a name in it would outlive their erasure. `flag` is the index in
 * `flags` of the sentence about it ("Looks like the screenshot another user sent …"), which readers
 * give the user's current name (the submissions read model's queries).
 */
export interface LookAlike {
  flag: number;
  submissionId: string;
  userId: string;
}
/**
 * The verification job's finding: flags shown to the reviewing admin (empty when clean), and whose
 * look-alike proofs they are. Version 2 added `lookAlikes`; version 1 named the other user in the
 * flag's text (read as written, with `lookAlikes` empty).
 */
export type SubmissionVerified = Event<
  'SubmissionVerified',
  {
    campaignId: string;
    submissionId: string;
    userId: string;
    perceptualHash: string | null;
    flags: string[];
    lookAlikes: LookAlike[];
  }
>;
/** The campaign's record of an approval (the money moves in RewardCredited on the user stream). */
export type SubmissionApproved = Event<
  'SubmissionApproved',
  { campaignId: string; submissionId: string; userId: string; reward: Kobo; by: Actor }
>;
export type SubmissionRejected = Event<
  'SubmissionRejected',
  { campaignId: string; submissionId: string; userId: string; reason: string; by: Actor }
>;
/** An activity task done: one unit used at once, no review (the money moves in RewardCredited). */
export type ActivityCompleted = Event<
  'ActivityCompleted',
  { campaignId: string; submissionId: string; userId: string; reward: Kobo }
>;

export type CampaignEvent =
  | CampaignCreated
  | CampaignUpdated
  | CampaignApprovalRequested
  | CampaignApproved
  | CampaignRejected
  | CampaignPaused
  | CampaignResumed
  | CampaignCompleted
  | CampaignDeleted
  | TaskSubmitted
  | SubmissionVerified
  | SubmissionApproved
  | SubmissionRejected
  | ActivityCompleted;

// ---- uniqueness claims: unique-{kind}-{value} ------------------------------------------------

export type UniqueValueClaimed = Event<
  'UniqueValueClaimed',
  { kind: 'username' | 'email' | 'referralCode'; value: string; userId: string }
>;
export type UniqueValueReleased = Event<
  'UniqueValueReleased',
  { kind: 'username' | 'email' | 'referralCode'; value: string; userId: string }
>;
export type UniqueValueEvent = UniqueValueClaimed | UniqueValueReleased;

// ---- community stream: community -------------------------------------------------------------

export interface CommunityLinks {
  email: string;
  whatsappChannel: string;
  telegramChannel: string;
  facebookPage: string;
  instagramAccount: string;
  twitterAccount: string;
  youtubeChannel: string;
}
export type CommunitySettingsUpdated = Event<
  'CommunitySettingsUpdated',
  { changes: Partial<CommunityLinks>; by: Actor }
>;
export type CommunityEvent = CommunitySettingsUpdated;

// ---- the log's own stream: ledger ------------------------------------------------------------

/**
 * Personal fields stored in the clear before they were sealed on append were sealed in place, and
 * email and username claims named by their value renamed to their keyed names
 * (docs/decisions/0054-resealing-the-log.md). That rewrote the events from `fromPosition` on and
 * so recomputed the hash chain from there: `headPosition` is the chain head before the re-seal,
 * `oldHeadHash` its hash then (what an earlier `verify` printed and an older backup holds) and
 * `newHeadHash` the hash the same position has now. Moves no money; no read model reads it.
 */
export type LogResealed = Event<
  'LogResealed',
  {
    headPosition: number;
    oldHeadHash: string;
    newHeadHash: string;
    /** The first position whose stored event changed: every hash before it is as it was. */
    fromPosition: number;
    /** Events whose personal fields were sealed (or emptied, for a person already erased). */
    resealedEvents: number;
    /** Claim streams renamed from their value to their keyed name, and the events on them. */
    renamedStreams: number;
    renamedEvents: number;
    by: Actor;
  }
>;
export type LedgerEvent = LogResealed;

export type KoboEvent = UserEvent | CampaignEvent | UniqueValueEvent | CommunityEvent | LedgerEvent;
export type KoboEventType = KoboEvent['type'];

/** Every type in the catalogue, at run time (a Record: a type left out or made up does not compile). */
const eventTypes: Record<KoboEventType, true> = {
  UserRegistered: true,
  UserProfileUpdated: true,
  BankDetailsUpdated: true,
  PasswordChanged: true,
  UserRoleSet: true,
  UserStatusSet: true,
  UserDeleted: true,
  BalanceAdjusted: true,
  BalanceAdjustmentRequested: true,
  BalanceAdjustmentRejected: true,
  RewardCredited: true,
  ReferralBonusCredited: true,
  WithdrawalRequested: true,
  WithdrawalApproved: true,
  WithdrawalApprovalUndone: true,
  WithdrawalRejected: true,
  PayoutSent: true,
  PayoutHeld: true,
  PayoutMovedToManual: true,
  PayoutSucceeded: true,
  PayoutFailed: true,
  PayoutReversed: true,
  PayoutDiscrepancyFound: true,
  CampaignCreated: true,
  CampaignUpdated: true,
  CampaignApprovalRequested: true,
  CampaignApproved: true,
  CampaignRejected: true,
  CampaignPaused: true,
  CampaignResumed: true,
  CampaignCompleted: true,
  CampaignDeleted: true,
  TaskSubmitted: true,
  SubmissionVerified: true,
  SubmissionApproved: true,
  SubmissionRejected: true,
  ActivityCompleted: true,
  UniqueValueClaimed: true,
  UniqueValueReleased: true,
  CommunitySettingsUpdated: true,
  LogResealed: true,
};

/** Every type in the catalogue, in its order: the finance journal's type filter offers these. */
export const KOBO_EVENT_TYPES = Object.keys(eventTypes) as readonly KoboEventType[];

export function isKoboEventType(type: string): type is KoboEventType {
  return Object.hasOwn(eventTypes, type);
}

export const streams = {
  user: (userId: string) => `user-${userId}`,
  campaign: (campaignId: string) => `campaign-${campaignId}`,
  unique: (kind: UniqueValueClaimed['data']['kind'], value: string) =>
    `unique-${kind}-${value.toLowerCase()}`,
  community: 'community',
  ledger: 'ledger',
} as const;

/** Whether an event moves money, i.e. carries postings. */
export function postingsOf(event: KoboEvent): Posting[] {
  return 'postings' in event.data ? event.data.postings : [];
}
