/**
 * A realistic, deterministic event log for the rebuild benchmark and the projection tests: users
 * register (with uniqueness claims and a signup bonus), admins run campaigns, users submit proofs
 * that are verified and approved (RewardCredited, referral bonuses) or rejected, complete
 * activities, and withdraw (requested, approved, paid, payout failed, rejected, still pending).
 * The postings follow the domain's deciders and balances never go below zero.
 */
import {
  type KoboEvent,
  Accounts,
  kobo,
  transfer,
  withSchemaVersion,
  type Posting,
  type UniqueValueClaimed,
  type PostgresEventStore,
} from '@kobo/ledger';

export interface GeneratedEvent {
  id: string;
  streamId: string;
  version: number;
  type: KoboEvent['type'];
  data: KoboEvent['data'];
  metadata: Record<string, unknown>;
  recordedAt: Date;
}

/** Events that one command appends together (one atomic append across their streams). */
export type EventGroup = GeneratedEvent[];

export interface GenerateOptions {
  events: number;
  seed?: number;
  start?: Date;
}

const platforms = [
  'facebook',
  'instagram',
  'youtube',
  'twitter',
  'telegram',
  'whatsapp',
  'tiktok',
  'spotify',
];
const banks = [
  'Access Bank',
  'Guaranty Trust Bank',
  'Kuda Bank',
  'Opay Bank',
  'Zenith Bank',
  'First Bank of Nigeria',
];
const names = [
  'Ada',
  'Bola',
  'Chidi',
  'Dayo',
  'Emeka',
  'Funke',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lola',
];
const MIN_ACCOUNT_WITHDRAWAL = 200_000;
const MIN_ACTIVITY_WITHDRAWAL = 4_000_000;

interface User {
  id: string;
  account: number;
  activity: number;
  referredBy: string | null;
  approvedTasks: number;
  hasBank: boolean;
  /** Withdrawals in flight; at most one pending request at a time, as users do. */
  pending: boolean;
}

interface Campaign {
  id: string;
  price: number;
  units: number;
  /** Units approved, completed or reserved by a pending submission. */
  used: number;
  escrow: number;
  activity: boolean;
  status: 'active' | 'paused' | 'completed';
  participants: Set<number>;
}

interface Submission {
  campaign: Campaign;
  id: string;
  user: User;
  verified: boolean;
}

interface Withdrawal {
  id: string;
  user: User;
  balance: 'account' | 'activity';
  amount: number;
  approved: boolean;
}

/** mulberry32: small, fast and deterministic. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function* generateEventGroups(options: GenerateOptions): Generator<EventGroup> {
  const next = random(options.seed ?? 42);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const hex = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += '0123456789abcdef'[Math.floor(next() * 16)];
    return out;
  };
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`;

  const versions = new Map<string, number>();
  let clock = (options.start ?? new Date('2026-01-01T06:00:00Z')).getTime();
  let produced = 0;
  const group = (...items: { streamId: string; event: KoboEvent }[]): EventGroup => {
    clock += int(50, 4000);
    const recordedAt = new Date(clock);
    return items.map(({ streamId, event }) => {
      const version = (versions.get(streamId) ?? 0) + 1;
      versions.set(streamId, version);
      produced++;
      return {
        id: uuid(),
        streamId,
        version,
        type: event.type,
        data: event.data,
        metadata: withSchemaVersion(event.type, {}),
        recordedAt,
      };
    });
  };

  const users: User[] = [];
  const usersById = new Map<string, User>();
  const campaigns: Campaign[] = [];
  const active: Campaign[] = [];
  const awaitingReview: Submission[] = [];
  const requested: Withdrawal[] = [];
  const approved: Withdrawal[] = [];
  let paidCount = 0;
  const adminId = uuid();
  const admin = { role: 'admin', id: adminId } as const;

  const register = (role: 'user' | 'admin'): EventGroup => {
    const userId = role === 'admin' ? adminId : uuid();
    const first = pick(names);
    const username = `${first.toLowerCase()}${users.length}`;
    const referralCode = hex(8).toUpperCase();
    const referrer = role === 'user' && users.length > 10 && next() < 0.3 ? pick(users) : null;
    const bonus = role === 'user' ? 50_000 : 0;
    const postings: Posting[] = bonus
      ? transfer(Accounts.bonusExpense, Accounts.userActivity(userId), kobo(bonus))
      : [];
    if (role === 'user')
      users.push({
        id: userId,
        account: 0,
        activity: bonus,
        referredBy: referrer?.id ?? null,
        approvedTasks: 0,
        hasBank: false,
        pending: false,
      });
    if (role === 'user') usersById.set(userId, users[users.length - 1]!);
    const claim = (
      kind: UniqueValueClaimed['data']['kind'],
      value: string,
    ): { streamId: string; event: UniqueValueClaimed } => ({
      streamId: `unique-${kind}-${value.toLowerCase()}`,
      event: { type: 'UniqueValueClaimed', data: { kind, value, userId } },
    });
    return group(
      {
        streamId: `user-${userId}`,
        event: {
          type: 'UserRegistered',
          data: {
            userId,
            firstName: first,
            lastName: pick(names),
            username,
            email: `${username}@example.ng`,
            phone: `080${int(10_000_000, 99_999_999)}`,
            role,
            referralCode,
            referredBy: referrer?.id ?? null,
            signupBonus: kobo(bonus),
            postings,
          },
        },
      },
      claim('username', username),
      claim('email', `${username}@example.ng`),
      claim('referralCode', referralCode),
    );
  };

  const createCampaign = (): EventGroup => {
    const activity = next() < 0.2;
    const price = activity ? int(20, 200) * 1000 : int(1, 50) * 1000;
    const units = int(50, 400);
    const campaign: Campaign = {
      id: uuid(),
      price,
      units,
      used: 0,
      escrow: price * units,
      activity,
      status: 'active',
      participants: new Set(),
    };
    campaigns.push(campaign);
    active.push(campaign);
    return group({
      streamId: `campaign-${campaign.id}`,
      event: {
        type: 'CampaignCreated',
        data: {
          campaignId: campaign.id,
          details: {
            title: `${activity ? 'Join' : 'Follow'} campaign ${campaigns.length}`,
            platform: activity ? 'activity' : pick(platforms),
            variation: activity ? 'Complete Activity' : 'Follow Account',
            instructions: 'Do the task and upload a clear screenshot.',
            url: `https://example.ng/c/${campaigns.length}`,
            price: kobo(price),
            units,
            estimatedMinutes: 5,
            image: null,
          },
          status: 'active',
          by: admin,
          escrow: kobo(campaign.escrow),
          postings: transfer(Accounts.world, Accounts.campaignEscrow(campaign.id), kobo(campaign.escrow)),
        },
      },
    });
  };

  const retire = (campaign: Campaign) => {
    const index = active.indexOf(campaign);
    if (index >= 0) active.splice(index, 1);
  };

  const completeCampaign = (campaign: Campaign): EventGroup => {
    retire(campaign);
    campaign.status = 'completed';
    const refund = campaign.escrow - 0; // pending submissions keep nothing once the campaign completes
    campaign.escrow = 0;
    return group({
      streamId: `campaign-${campaign.id}`,
      event: {
        type: 'CampaignCompleted',
        data: {
          campaignId: campaign.id,
          by: admin,
          refund: kobo(refund),
          postings:
            refund > 0 ? transfer(Accounts.campaignEscrow(campaign.id), Accounts.world, kobo(refund)) : [],
        },
      },
    });
  };

  /** A user not yet in the campaign (one submission per user per task). */
  const participant = (campaign: Campaign): User | null => {
    for (let tries = 0; tries < 5; tries++) {
      const index = int(0, users.length - 1);
      if (!campaign.participants.has(index)) {
        campaign.participants.add(index);
        return users[index]!;
      }
    }
    return null;
  };

  const participate = (): EventGroup | null => {
    if (!active.length || users.length < 5) return null;
    const campaign = pick(active);
    if (campaign.status !== 'active' || campaign.used >= campaign.units) return null;
    const user = participant(campaign);
    if (!user) return null;
    campaign.used++;
    const submissionId = uuid();
    if (campaign.activity) {
      campaign.escrow -= campaign.price;
      user.activity += campaign.price;
      const events = group(
        {
          streamId: `campaign-${campaign.id}`,
          event: {
            type: 'ActivityCompleted',
            data: { campaignId: campaign.id, submissionId, userId: user.id, reward: kobo(campaign.price) },
          },
        },
        {
          streamId: `user-${user.id}`,
          event: {
            type: 'RewardCredited',
            data: {
              userId: user.id,
              campaignId: campaign.id,
              submissionId,
              balance: 'activity',
              amount: kobo(campaign.price),
              title: 'Activity',
              postings: transfer(
                Accounts.campaignEscrow(campaign.id),
                Accounts.userActivity(user.id),
                kobo(campaign.price),
              ),
            },
          },
        },
      );
      if (campaign.used >= campaign.units) retire(campaign);
      return events;
    }
    awaitingReview.push({ campaign, id: submissionId, user, verified: false });
    return group({
      streamId: `campaign-${campaign.id}`,
      event: {
        type: 'TaskSubmitted',
        data: {
          campaignId: campaign.id,
          submissionId,
          userId: user.id,
          proofImage: `proofs/${submissionId}.png`,
          reward: kobo(campaign.price),
        },
      },
    });
  };

  const verifySubmission = (submission: Submission): EventGroup => {
    submission.verified = true;
    const flags = next() < 0.05 ? ['duplicate_image'] : [];
    return group({
      streamId: `campaign-${submission.campaign.id}`,
      event: {
        type: 'SubmissionVerified',
        data: {
          campaignId: submission.campaign.id,
          submissionId: submission.id,
          userId: submission.user.id,
          perceptualHash: hex(16),
          flags,
          lookAlikes: [],
        },
      },
    });
  };

  const review = (submission: Submission): EventGroup => {
    const { campaign, user } = submission;
    const data = { campaignId: campaign.id, submissionId: submission.id, userId: user.id };
    if (next() < 0.15) {
      campaign.used--;
      return group({
        streamId: `campaign-${campaign.id}`,
        event: {
          type: 'SubmissionRejected',
          data: { ...data, reason: 'The screenshot does not show the task.', by: admin },
        },
      });
    }
    campaign.escrow -= campaign.price;
    user.account += campaign.price;
    const items: { streamId: string; event: KoboEvent }[] = [
      {
        streamId: `campaign-${campaign.id}`,
        event: { type: 'SubmissionApproved', data: { ...data, reward: kobo(campaign.price), by: admin } },
      },
      {
        streamId: `user-${user.id}`,
        event: {
          type: 'RewardCredited',
          data: {
            ...data,
            balance: 'account',
            amount: kobo(campaign.price),
            title: `Task for campaign ${campaign.id.slice(0, 8)}`,
            postings: transfer(
              Accounts.campaignEscrow(campaign.id),
              Accounts.userAccount(user.id),
              kobo(campaign.price),
            ),
          },
        },
      },
    ];
    if (user.approvedTasks === 0 && user.referredBy) {
      const referrer = usersById.get(user.referredBy);
      if (referrer) {
        referrer.account += 20_000;
        items.push({
          streamId: `user-${referrer.id}`,
          event: {
            type: 'ReferralBonusCredited',
            data: {
              userId: referrer.id,
              referredUserId: user.id,
              amount: kobo(20_000),
              postings: transfer(Accounts.bonusExpense, Accounts.userAccount(referrer.id), kobo(20_000)),
            },
          },
        });
      }
    }
    user.approvedTasks++;
    return group(...items);
  };

  const bankDetails = (user: User): EventGroup => {
    user.hasBank = true;
    return group({
      streamId: `user-${user.id}`,
      event: {
        type: 'BankDetailsUpdated',
        data: {
          userId: user.id,
          bankDetails: {
            bankName: pick(banks),
            accountNum: `${int(1_000_000_000, 9_999_999_999)}`,
            accountName: 'Account Holder',
          },
        },
      },
    });
  };

  const requestWithdrawal = (user: User): EventGroup | null => {
    const balance = user.activity >= MIN_ACTIVITY_WITHDRAWAL ? 'activity' : 'account';
    const available = balance === 'activity' ? user.activity : user.account;
    if (available < (balance === 'activity' ? MIN_ACTIVITY_WITHDRAWAL : MIN_ACCOUNT_WITHDRAWAL)) return null;
    const amount = available;
    if (balance === 'activity') user.activity -= amount;
    else user.account -= amount;
    user.pending = true;
    const withdrawal: Withdrawal = { id: uuid(), user, balance, amount, approved: false };
    requested.push(withdrawal);
    const from = balance === 'activity' ? Accounts.userActivity(user.id) : Accounts.userAccount(user.id);
    return group({
      streamId: `user-${user.id}`,
      event: {
        type: 'WithdrawalRequested',
        data: {
          userId: user.id,
          withdrawalId: withdrawal.id,
          balance,
          amount: kobo(amount),
          fee: kobo(0),
          bankDetails: { bankName: pick(banks), accountNum: '0123456789', accountName: 'Account Holder' },
          postings: transfer(from, Accounts.userHold(user.id), kobo(amount)),
        },
      },
    });
  };

  const settleWithdrawal = (): EventGroup | null => {
    const stream = (w: Withdrawal) => `user-${w.user.id}`;
    const back = (w: Withdrawal) =>
      w.balance === 'activity' ? Accounts.userActivity(w.user.id) : Accounts.userAccount(w.user.id);
    const refund = (w: Withdrawal) => {
      if (w.balance === 'activity') w.user.activity += w.amount;
      else w.user.account += w.amount;
    };
    if (approved.length && next() < 0.5) {
      const w = approved.shift()!;
      w.user.pending = false;
      const base = { userId: w.user.id, withdrawalId: w.id, amount: kobo(w.amount), provider: 'manual' };
      if (next() < 0.1) {
        refund(w);
        return group({
          streamId: stream(w),
          event: {
            type: 'PayoutFailed',
            data: {
              ...base,
              reason: 'Account name mismatch',
              postings: transfer(Accounts.payoutsClearing, back(w), kobo(w.amount)),
            },
          },
        });
      }
      const paid = {
        streamId: stream(w),
        event: {
          type: 'PayoutSucceeded',
          data: {
            ...base,
            reference: `TRF${hex(10).toUpperCase()}`,
            postings: transfer(Accounts.payoutsClearing, Accounts.world, kobo(w.amount)),
          },
        },
      } as const;
      paidCount += 1;
      // Now and then the provider's figure disagrees with the ledger's: listed for finance.
      if (paidCount % 5 !== 1) return group(paid);
      return group(paid, {
        streamId: stream(w),
        event: {
          type: 'PayoutDiscrepancyFound',
          data: {
            userId: w.user.id,
            withdrawalId: w.id,
            provider: 'paystack',
            kind: 'amount_mismatch',
            detail: `paystack sent ${w.amount - 100} kobo; the ledger expected ${w.amount} kobo.`,
          },
        },
      });
    }
    if (!requested.length) return null;
    const w = requested.shift()!;
    if (next() < 0.12) {
      w.user.pending = false;
      refund(w);
      return group({
        streamId: stream(w),
        event: {
          type: 'WithdrawalRejected',
          data: {
            userId: w.user.id,
            withdrawalId: w.id,
            amount: kobo(w.amount),
            reason: 'Bank details could not be confirmed',
            by: admin,
            postings: transfer(Accounts.userHold(w.user.id), back(w), kobo(w.amount)),
          },
        },
      });
    }
    approved.push(w);
    return group({
      streamId: stream(w),
      event: {
        type: 'WithdrawalApproved',
        data: {
          userId: w.user.id,
          withdrawalId: w.id,
          amount: kobo(w.amount),
          by: admin,
          // About when its group is recorded; undoable for 10 s.
          at: new Date(clock).toISOString(),
          undoableUntil: new Date(clock + 10_000).toISOString(),
          postings: transfer(Accounts.userHold(w.user.id), Accounts.payoutsClearing, kobo(w.amount)),
        },
      },
    });
  };

  const occasional = (): EventGroup | null => {
    const roll = next();
    const user = users.length ? pick(users) : null;
    if (roll < 0.3 && user)
      return group({
        streamId: `user-${user.id}`,
        event: {
          type: 'UserProfileUpdated',
          data: { userId: user.id, phone: `081${int(10_000_000, 99_999_999)}` },
        },
      });
    if (roll < 0.45 && user)
      return group({
        streamId: `user-${user.id}`,
        event: {
          type: 'UserStatusSet',
          data: { userId: user.id, status: pick(['active', 'inactive', 'suspended'] as const), by: admin },
        },
      });
    if (roll < 0.6 && user) {
      user.account += 10_000;
      return group({
        streamId: `user-${user.id}`,
        event: {
          type: 'BalanceAdjusted',
          data: {
            userId: user.id,
            balance: 'account',
            amount: kobo(10_000),
            reason: 'Goodwill credit',
            by: admin,
            postings: transfer(Accounts.adjustments, Accounts.userAccount(user.id), kobo(10_000)),
          },
        },
      });
    }
    if (roll < 0.8 && active.length) {
      const campaign = pick(active);
      campaign.status = campaign.status === 'active' ? 'paused' : 'active';
      return group({
        streamId: `campaign-${campaign.id}`,
        event: {
          type: campaign.status === 'paused' ? 'CampaignPaused' : 'CampaignResumed',
          data: { campaignId: campaign.id, by: admin },
        },
      });
    }
    if (roll < 0.9 && active.length) {
      const campaign = pick(active);
      campaign.units += 10;
      campaign.escrow += 10 * campaign.price;
      return group({
        streamId: `campaign-${campaign.id}`,
        event: {
          type: 'CampaignUpdated',
          data: {
            campaignId: campaign.id,
            changes: { units: campaign.units, instructions: 'Updated: follow, then screenshot.' },
            by: admin,
            escrowDelta: kobo(10 * campaign.price),
            postings: transfer(
              Accounts.world,
              Accounts.campaignEscrow(campaign.id),
              kobo(10 * campaign.price),
            ),
          },
        },
      });
    }
    return group({
      streamId: 'community',
      event: {
        type: 'CommunitySettingsUpdated',
        data: {
          changes: { whatsappChannel: `https://wa.me/c/${hex(6)}`, email: 'support@kobo.ng' },
          by: admin,
        },
      },
    });
  };

  yield register('admin');
  while (produced < options.events) {
    const roll = next();
    let events: EventGroup | null = null;
    if (roll < 0.03 || users.length < 20) events = register('user');
    else if (roll < 0.032 || active.length < 5) events = createCampaign();
    else if (roll < 0.6 && awaitingReview.length > 50) {
      const index = int(0, Math.min(awaitingReview.length, 500) - 1);
      const submission = awaitingReview[index]!;
      if (!submission.verified) events = verifySubmission(submission);
      else {
        awaitingReview[index] = awaitingReview[awaitingReview.length - 1]!;
        awaitingReview.pop();
        events = submission.campaign.status === 'completed' ? null : review(submission);
      }
    } else if (roll < 0.66) {
      const user = pick(users);
      if (!user.hasBank) events = bankDetails(user);
      else if (!user.pending) events = requestWithdrawal(user);
    } else if (roll < 0.7) events = settleWithdrawal();
    else if (roll < 0.701 && active.length > 20) {
      const campaign = pick(active);
      if (!awaitingReview.some((s) => s.campaign === campaign)) events = completeCampaign(campaign);
    } else if (roll < 0.71) events = occasional();
    else events = participate();
    if (events) yield events;
  }
}

/** The events as one flat, ordered list (for tests; the benchmark streams the groups). */
export function generateEvents(options: GenerateOptions): GeneratedEvent[] {
  return [...generateEventGroups(options)].flat();
}

/** Appends each group as one atomic append, in order, with the exact expected versions. */
export async function appendGroups(
  store: PostgresEventStore,
  groups: readonly EventGroup[],
): Promise<number> {
  let last = 0;
  for (const group of groups) last = await appendTogether(store, group);
  return last;
}

/**
 * Appends consecutive events of the history (one group or several) as one atomic append: each
 * stream's events are consecutive, so its expected version is the one before its first.
 */
export async function appendTogether(
  store: PostgresEventStore,
  events: readonly GeneratedEvent[],
): Promise<number> {
  const byStream = new Map<string, GeneratedEvent[]>();
  for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
  const result = await store.appendToStreams(
    [...byStream].map(([streamId, streamEvents]) => ({
      streamId,
      expectedVersion: streamEvents[0]!.version - 1,
      events: streamEvents.map((event) => ({
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      })),
    })),
  );
  return result.lastPosition;
}
