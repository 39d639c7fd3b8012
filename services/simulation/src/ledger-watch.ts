/**
 * Follows the event log after every step: the simulation's picture of the world (users and their
 * balances, campaigns, submissions, withdrawals: what the clients may act on next) comes from the
 * ledger, and the invariants that must hold at every moment are checked on each new event:
 * postings of an event sum to zero, no user or escrow account below zero, no withdrawal decided
 * or settled twice, no submission decided or rewarded twice.
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
  status: WithdrawalStatus;
  requested: number;
  decided: number;
  settled: number;
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
      case 'TaskSubmitted': {
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
            status: 'pending',
            requested: 1,
            decided: 0,
            settled: 0,
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
      case 'PayoutSucceeded':
      case 'PayoutFailed': {
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) return this.fail(event, 'a payout of a withdrawal never requested');
        if (withdrawal.decided !== 1 || withdrawal.status === 'rejected')
          this.fail(event, `payout of withdrawal ${event.data.withdrawalId} that was not approved`);
        if (++withdrawal.settled > 1)
          this.fail(event, `payout of withdrawal ${event.data.withdrawalId} settled twice`);
        withdrawal.status = event.type === 'PayoutSucceeded' ? 'paid' : 'payout_failed';
        break;
      }
    }
  }
}
