/**
 * Property check: random sequences of commands, decided by the pure deciders and decisions over
 * in-memory streams, never break the money rules: every event's postings sum to zero, no user
 * balance or escrow goes below zero, and the escrow the campaign decider believes in equals the
 * escrow account's balance in the ledger.
 */
import { campaignDecider } from '../../src/domain/campaign/decider';
import { fold, type StreamEvents } from '../../src/domain/decider';
import { decideSubmissionApproval } from '../../src/domain/multi-stream/submission-approval';
import {
  decideActivityCompletion,
  decideTaskSubmission,
} from '../../src/domain/multi-stream/task-participation';
import { DomainError } from '../../src/domain/errors';
import {
  postingsOf,
  streams,
  type CampaignEvent,
  type KoboEvent,
  type UserEvent,
} from '../../src/domain/events';
import { userDecider } from '../../src/domain/user/decider';
import { Accounts, kobo, postingsSum } from '../../src/money';
import { bankSet, campaignCreated, details, naira, NOW, registered, rules } from './support/fixtures';

/** After the undo window of an approval made at NOW. */
const LATER = new Date(Date.parse(NOW) + 10_000).toISOString();

/** mulberry32: a seeded generator, so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function simulate(seed: number, steps: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const log = new Map<string, KoboEvent[]>();
  const all: KoboEvent[] = [];
  const append = (decision: StreamEvents[]) => {
    for (const { streamId, events } of decision) {
      log.set(streamId, [...(log.get(streamId) ?? []), ...events]);
      all.push(...events);
    }
  };
  const userIds = ['u1', 'u2', 'u3', 'r1'];
  const campaignIds = ['c1', 'c2'];
  append([{ streamId: streams.user('r1'), events: [registered('r1'), bankSet('r1')] }]);
  for (const id of ['u1', 'u2', 'u3'])
    append([{ streamId: streams.user(id), events: [registered(id, { referredBy: 'r1' }), bankSet(id)] }]);
  append([
    {
      streamId: streams.campaign('c1'),
      events: [campaignCreated('c1', details({ units: 4, price: naira(700) }))],
    },
  ]);
  append([
    {
      streamId: streams.campaign('c2'),
      events: [campaignCreated('c2', details({ platform: 'activity', units: 3, price: naira(15_000) }))],
    },
  ]);

  const user = (id: string) => fold(userDecider, (log.get(streams.user(id)) ?? []) as UserEvent[]);
  const campaign = (id: string) =>
    fold(campaignDecider, (log.get(streams.campaign(id)) ?? []) as CampaignEvent[]);
  const onUser = (id: string, events: KoboEvent[]) => append([{ streamId: streams.user(id), events }]);
  const onCampaign = (id: string, events: KoboEvent[]) =>
    append([{ streamId: streams.campaign(id), events }]);
  const amount = () => kobo(pick([1, 2000, 2000, 3500, 40_000, 45_000]) * 100 + pick([0, 0, 1]));

  const actions: (() => void)[] = [
    () => {
      const id = pick(userIds);
      const type = pick(['withdrawal', 'activityWithdrawal'] as const);
      onUser(
        id,
        userDecider.decide(
          {
            type: 'RequestWithdrawal',
            data: {
              userId: id,
              withdrawalId: `w${Math.floor(next() * 3)}`,
              type,
              amount: amount(),
              rules,
              now: NOW,
            },
          },
          user(id),
        ),
      );
    },
    () => {
      const id = pick(userIds);
      const w = `w${Math.floor(next() * 3)}`;
      const by = { role: 'admin', id: '1' } as const;
      const command = pick([
        { type: 'ApproveWithdrawal', data: { userId: id, withdrawalId: w, by, now: NOW, undoSeconds: 10 } },
        {
          type: 'UndoWithdrawalApproval',
          data: { userId: id, withdrawalId: w, by, now: pick([NOW, LATER]) },
        },
        { type: 'RejectWithdrawal', data: { userId: id, withdrawalId: w, reason: 'no', by } },
        {
          type: 'RecordPayoutSucceeded',
          data: {
            userId: id,
            withdrawalId: w,
            provider: 'manual',
            reference: `ref-${w}`,
            now: pick([NOW, LATER]),
          },
        },
        {
          type: 'RecordPayoutFailed',
          data: { userId: id, withdrawalId: w, provider: 'manual', reason: 'bounced' },
        },
      ] as const);
      onUser(id, userDecider.decide(command, user(id)));
    },
    () => {
      const id = pick(userIds);
      const signed = kobo(pick([1, -1]) * amount());
      onUser(
        id,
        userDecider.decide(
          {
            type: 'AdjustBalance',
            data: {
              userId: id,
              adjustmentId: `a${next()}`,
              balance: pick(['account', 'activity'] as const),
              amount: signed,
              reason: 'fix',
              by: { role: 'admin', id: '1' } as const,
            },
          },
          user(id),
        ),
      );
    },
    () => {
      const id = pick(userIds);
      append(
        decideTaskSubmission(
          {
            type: 'SubmitTask',
            data: { campaignId: 'c1', submissionId: `s-c1-${id}`, userId: id, proofImage: 'p.png' },
          },
          { campaign: campaign('c1'), user: user(id) },
        ),
      );
    },
    () => {
      const id = pick(userIds);
      const c = campaign('c1');
      const s = c.submissions.get(`s-c1-${id}`);
      const u = s ? user(s.userId) : user(id);
      append(
        decideSubmissionApproval(
          {
            type: 'ApproveSubmission',
            data: { campaignId: 'c1', submissionId: `s-c1-${id}`, by: { role: 'admin', id: '1' } as const },
          },
          { campaign: c, user: u, referrer: u.referredBy ? user(u.referredBy) : null },
          rules,
        ),
      );
    },
    () => {
      const id = pick(userIds);
      onCampaign(
        'c1',
        campaignDecider.decide(
          {
            type: 'RejectSubmission',
            data: {
              campaignId: 'c1',
              submissionId: `s-c1-${id}`,
              reason: 'blurry',
              by: { role: 'admin', id: '1' } as const,
            },
          },
          campaign('c1'),
        ),
      );
    },
    () => {
      const id = pick(userIds);
      append(
        decideActivityCompletion(
          { type: 'CompleteActivity', data: { campaignId: 'c2', submissionId: `s-c2-${id}`, userId: id } },
          { campaign: campaign('c2'), user: user(id) },
        ),
      );
    },
    () => {
      const id = pick(campaignIds);
      const changes = pick([
        { units: Math.floor(next() * 8) + 1 },
        { price: kobo(pick([500, 70_000, 90_000])) },
      ]);
      onCampaign(
        id,
        campaignDecider.decide(
          {
            type: 'UpdateCampaign',
            data: { campaignId: id, changes, by: { role: 'admin', id: '1' } as const },
          },
          campaign(id),
        ),
      );
    },
    () => {
      const id = pick(campaignIds);
      const type = pick(['PauseCampaign', 'ResumeCampaign', 'CompleteCampaign', 'DeleteCampaign'] as const);
      if (next() < 0.05)
        onCampaign(
          id,
          campaignDecider.decide(
            { type, data: { campaignId: id, by: { role: 'admin', id: '1' } as const } },
            campaign(id),
          ),
        );
    },
    () => {
      const id = pick(userIds);
      onUser(
        id,
        userDecider.decide(
          {
            type: 'SetUserStatus',
            data: {
              userId: id,
              status: pick(['active', 'suspended'] as const),
              by: { role: 'admin', id: '1' } as const,
            },
          },
          user(id),
        ),
      );
    },
  ];

  let refused = 0;
  for (let step = 0; step < steps; step++) {
    try {
      pick(actions)();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused++;
    }
    const balances = new Map<string, number>();
    for (const p of all.flatMap(postingsOf))
      balances.set(p.account, (balances.get(p.account) ?? 0) + p.amount);
    for (const id of userIds) {
      const b = user(id).balances;
      expect(b).toEqual({
        account: balances.get(Accounts.userAccount(id)) ?? 0,
        activity: balances.get(Accounts.userActivity(id)) ?? 0,
        hold: balances.get(Accounts.userHold(id)) ?? 0,
      });
      expect(Math.min(b.account, b.activity, b.hold)).toBeGreaterThanOrEqual(0);
    }
    for (const id of campaignIds) {
      const c = campaign(id);
      expect(c.escrow).toBe(balances.get(Accounts.campaignEscrow(id)) ?? 0);
      expect(c.escrow).toBeGreaterThanOrEqual(0);
      expect(c.approved + c.pending + c.completed).toBeLessThanOrEqual(c.details.units);
    }
    expect(balances.get(Accounts.payoutsClearing) ?? 0).toBeGreaterThanOrEqual(0);
  }
  for (const event of all) expect(postingsSum(postingsOf(event))).toBe(0);
  return { events: all.length, refused };
}

describe('money invariants under random command sequences', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'seed %i: postings balance, nothing goes below zero, escrow matches the ledger',
    (seed) => {
      const { events, refused } = simulate(seed, 400);
      // The run must have done real work and hit real refusals, or it proves nothing.
      expect(events).toBeGreaterThan(30);
      expect(refused).toBeGreaterThan(10);
    },
  );
});
