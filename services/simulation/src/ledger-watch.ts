/**
 * Follows the event log after every step: the simulation's picture of the world (users and their
 * balances, campaigns, submissions, withdrawals: what the clients may act on next) comes from the
 * ledger, and the invariants that must hold at every moment are checked on each new event:
 * postings of an event sum to zero, no user or escrow account below zero, no withdrawal decided
 * or settled twice, no money returned twice (one PayoutFailed or PayoutReversed at most, and a
 * reversal only of a paid payout), no payout sent unless approved, no submission decided or
 * rewarded twice, no account deleted while a withdrawal of theirs is in flight.
 */
import {
  decodeEvent,
  postingsOf,
  type EventStore,
  type RecordedKoboEvent,
  type WithdrawalStatus,
} from '@kobo/ledger';

export interface UserView {
  userId: string;
  account: number;
  activity: number;
  hold: number;
}

export interface WithdrawalView {
  withdrawalId: string;
  userId: string;
  amount: number;
  fee: number;
  status: WithdrawalStatus;
  requested: number;
  decided: number;
  /** PayoutSucceeded and PayoutFailed events (a reversal comes on top of a success). */
  settled: number;
  /** PayoutFailed and PayoutReversed events: the money went back this many times. */
  returned: number;
  /** Who paid it (PayoutSucceeded's provider) and under which reference. */
  paidBy: string | null;
  reference: string | null;
  /** 'manual' once finance moved it to the manual desk. */
  desk: 'provider' | 'manual' | null;
  /** The provider held it for finance (an OTP, its balance), until it moves on. */
  held: boolean;
  discrepancies: string[];
}

export interface SubmissionView {
  campaignId: string;
  userId: string;
  submissionId: string;
  status: 'pending' | 'approved' | 'rejected';
  submitted: number;
  decided: number;
  rewarded: number;
}

export interface CampaignView {
  campaignId: string;
  open: boolean;
}

export class LedgerWatch {
  position = 0;
  events = 0;
  readonly balances = new Map<string, number>();
  readonly users = new Map<string, UserView>();
  readonly withdrawals = new Map<string, WithdrawalView>();
  readonly submissions = new Map<string, SubmissionView>();
  readonly campaigns = new Map<string, CampaignView>();
  readonly typeCounts = new Map<string, number>();
  /** The proof images each user submitted (TaskSubmitted), by user id. */
  readonly proofImages = new Map<string, string[]>();
  /** The position of each user's last TaskSubmitted (one recorded after their deletion included). */
  readonly lastSubmitted = new Map<string, number>();
  /** Deleted accounts: user id to the position of their UserDeleted. */
  readonly deleted = new Map<string, number>();
  /** Payout events recorded by reconciliation (a provider asked by reference, not a webhook or the job). */
  reconciled = 0;
  /** Broken invariants, in the order they were seen. */
  readonly violations: string[] = [];
  /** Events of the last catchUp(), for the per-command checks. */
  lastBatch: RecordedKoboEvent[] = [];

  constructor(private readonly store: EventStore) {}

  async catchUp(): Promise<RecordedKoboEvent[]> {
    const batch: RecordedKoboEvent[] = [];
    for (;;) {
      const events = (await this.store.readAll({ after: this.position, limit: 1000 })).map(decodeEvent);
      if (events.length === 0) break;
      for (const event of events) this.apply(event);
      batch.push(...events);
      this.position = events[events.length - 1]!.globalPosition;
    }
    this.lastBatch = batch;
    return batch;
  }

  count(type: string): number {
    return this.typeCounts.get(type) ?? 0;
  }

  private fail(event: RecordedKoboEvent, what: string) {
    this.violations.push(`${what} (event ${event.type} at position ${event.globalPosition})`);
  }

  private apply(event: RecordedKoboEvent) {
    this.events++;
    this.typeCounts.set(event.type, this.count(event.type) + 1);
    if (event.type.startsWith('Payout') && event.metadata.causationId === 'reconcile') this.reconciled++;
    const postings = postingsOf(event);
    if (postings.reduce((sum, p) => sum + p.amount, 0) !== 0)
      this.fail(event, 'postings of an event do not sum to zero');
    for (const { account, amount } of postings) {
      const balance = (this.balances.get(account) ?? 0) + amount;
      this.balances.set(account, balance);
      if (balance < 0 && (account.startsWith('user:') || account.startsWith('campaign:')))
        this.fail(event, `ledger balance of ${account} below zero: ${balance}`);
      const [kind, id, which] = account.split(':');
      const user = kind === 'user' ? this.users.get(id!) : undefined;
      if (user && (which === 'account' || which === 'activity' || which === 'hold')) user[which] += amount;
    }

    switch (event.type) {
      case 'UserRegistered':
        if (event.data.role === 'user')
          this.users.set(event.data.userId, { userId: event.data.userId, account: 0, activity: 0, hold: 0 });
        // The signup bonus was posted before the user was known here.
        for (const { account, amount } of postings) {
          const [, id, which] = account.split(':');
          const user = this.users.get(id!);
          if (user && (which === 'account' || which === 'activity' || which === 'hold'))
            user[which] += amount;
        }
        break;
      case 'CampaignCreated':
        this.campaigns.set(event.data.campaignId, { campaignId: event.data.campaignId, open: true });
        break;
      case 'CampaignCompleted':
      case 'CampaignDeleted':
      case 'CampaignPaused':
        this.campaigns.get(event.data.campaignId)!.open = false;
        break;
      case 'CampaignResumed':
        this.campaigns.get(event.data.campaignId)!.open = true;
        break;
      // A campaign above the approval amount is closed until finance approves it.
      case 'CampaignApprovalRequested':
      case 'CampaignRejected':
        this.campaigns.get(event.data.campaignId)!.open = false;
        break;
      case 'CampaignApproved':
        this.campaigns.get(event.data.campaignId)!.open = event.data.status === 'active';
        break;
      case 'UserDeleted': {
        const inFlight = [...this.withdrawals.values()].filter(
          (w) =>
            w.userId === event.data.userId &&
            (w.status === 'pending' || w.status === 'approved' || w.status === 'sending'),
        );
        if (inFlight.length)
          this.fail(
            event,
            `account ${event.data.userId} deleted while withdrawal ${inFlight[0]!.withdrawalId} is ${inFlight[0]!.status}`,
          );
        if (this.deleted.has(event.data.userId))
          this.fail(event, `account ${event.data.userId} deleted twice`);
        this.deleted.set(event.data.userId, event.globalPosition);
        break;
      }
      case 'TaskSubmitted': {
        this.lastSubmitted.set(event.data.userId, event.globalPosition);
        this.proofImages.set(event.data.userId, [
          ...(this.proofImages.get(event.data.userId) ?? []),
          event.data.proofImage,
        ]);
        const key = `${event.data.campaignId}:${event.data.userId}`;
        const existing = this.submissions.get(key);
        if (existing) {
          existing.submitted++;
          this.fail(
            event,
            `submission of ${event.data.userId} to campaign ${event.data.campaignId} made twice`,
          );
        } else
          this.submissions.set(key, {
            campaignId: event.data.campaignId,
            userId: event.data.userId,
            submissionId: event.data.submissionId,
            status: 'pending',
            submitted: 1,
            decided: 0,
            rewarded: 0,
          });
        break;
      }
      case 'SubmissionApproved':
      case 'SubmissionRejected': {
        const submission = this.submissions.get(`${event.data.campaignId}:${event.data.userId}`);
        if (!submission) return this.fail(event, 'a decision on a submission never made');
        if (++submission.decided > 1) this.fail(event, `submission ${event.data.submissionId} decided twice`);
        submission.status = event.type === 'SubmissionApproved' ? 'approved' : 'rejected';
        break;
      }
      case 'RewardCredited': {
        const submission = this.submissions.get(`${event.data.campaignId}:${event.data.userId}`);
        if (!submission) return this.fail(event, 'a reward for a submission never made');
        if (++submission.rewarded > 1)
          this.fail(event, `submission ${event.data.submissionId} rewarded twice`);
        break;
      }
      case 'WithdrawalRequested': {
        const existing = this.withdrawals.get(event.data.withdrawalId);
        if (existing) {
          existing.requested++;
          this.fail(event, `withdrawal ${event.data.withdrawalId} requested twice`);
        } else
          this.withdrawals.set(event.data.withdrawalId, {
            withdrawalId: event.data.withdrawalId,
            userId: event.data.userId,
            amount: event.data.amount,
            fee: event.data.fee,
            status: 'pending',
            requested: 1,
            decided: 0,
            settled: 0,
            returned: 0,
            paidBy: null,
            reference: null,
            desk: null,
            held: false,
            discrepancies: [],
          });
        break;
      }
      case 'WithdrawalApproved':
      case 'WithdrawalRejected': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a decision on a withdrawal never requested');
        if (++withdrawal.decided > 1) this.fail(event, `withdrawal ${event.data.withdrawalId} decided twice`);
        withdrawal.status = event.type === 'WithdrawalApproved' ? 'approved' : 'rejected';
        break;
      }
      case 'PayoutSent': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a payout sent for a withdrawal never requested');
        if (withdrawal.status !== 'approved')
          this.fail(event, `payout of withdrawal ${event.data.withdrawalId} sent while ${withdrawal.status}`);
        withdrawal.status = 'sending';
        withdrawal.desk = 'provider';
        withdrawal.held = false;
        break;
      }
      case 'PayoutHeld': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a payout held for a withdrawal never requested');
        withdrawal.held = true;
        break;
      }
      case 'PayoutMovedToManual': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a withdrawal never requested moved to the manual desk');
        withdrawal.desk = 'manual';
        withdrawal.held = false;
        break;
      }
      case 'PayoutSucceeded':
      case 'PayoutFailed': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a payout of a withdrawal never requested');
        if (withdrawal.decided !== 1 || withdrawal.status === 'rejected')
          this.fail(event, `payout of withdrawal ${event.data.withdrawalId} that was not approved`);
        if (++withdrawal.settled > 1)
          this.fail(event, `payout of withdrawal ${event.data.withdrawalId} settled twice`);
        withdrawal.held = false;
        if (event.type === 'PayoutSucceeded') {
          withdrawal.status = 'paid';
          withdrawal.paidBy = event.data.provider;
          withdrawal.reference = event.data.reference;
        } else {
          withdrawal.status = 'payout_failed';
          if (++withdrawal.returned > 1)
            this.fail(event, `money of withdrawal ${event.data.withdrawalId} returned twice`);
        }
        break;
      }
      case 'PayoutReversed': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a reversal of a withdrawal never requested');
        if (withdrawal.status !== 'paid')
          this.fail(
            event,
            `payout of withdrawal ${event.data.withdrawalId} reversed while ${withdrawal.status}`,
          );
        if (++withdrawal.returned > 1)
          this.fail(event, `money of withdrawal ${event.data.withdrawalId} returned twice`);
        withdrawal.status = 'reversed';
        break;
      }
      case 'PayoutDiscrepancyFound': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a discrepancy about a withdrawal never requested');
        withdrawal.discrepancies.push(`${event.data.kind}: ${event.data.detail}`);
        break;
      }
    }
  }
}
