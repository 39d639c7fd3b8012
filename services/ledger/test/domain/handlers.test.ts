/**
 * The command handlers on the real PostgreSQL event store: optimistic concurrency, retries and
 * idempotency, with many commands racing for the same balance or the same unit.
 */
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { campaignDecider } from '../../src/domain/campaign/decider';
import { fold } from '../../src/domain/decider';
import { DomainError } from '../../src/domain/errors';
import { decodeEvent } from '../../src/domain/event-decoding';
import {
  postingsOf,
  streams,
  type CampaignEvent,
  type KoboEvent,
  type UserEvent,
} from '../../src/domain/events';
import { createLedgerCommands, type LedgerCommands } from '../../src/domain/handlers/ledger-commands';
import type { CommandResult } from '../../src/domain/handlers/run-command';
import { eventIdFor } from '../../src/domain/ids';
import { userDecider } from '../../src/domain/user/decider';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/event-store';
import { Accounts, kobo } from '../../src/money';
import { registerUser } from '../../src/testing';
import { naira, rules } from './support/fixtures';

let db: TestDatabase;
let store: PostgresEventStore;
let ledger: LedgerCommands;
let seq = 0;
const id = (prefix: string) => `${prefix}${++seq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  db = await createTestDatabase(20);
  store = createPostgresEventStore(db.pool);
  ledger = createLedgerCommands(store, { rules });
});

afterAll(async () => {
  await store.close();
  await db.drop();
});

async function readAllEvents(): Promise<KoboEvent[]> {
  const out: KoboEvent[] = [];
  for (let after = 0; ;) {
    const batch = await store.readAll({ after, limit: 1000 });
    if (batch.length === 0) return out;
    out.push(...batch.map(decodeEvent));
    after = batch[batch.length - 1]!.globalPosition;
  }
}

/** Wait until the gap-safe reader can see everything written (the committed chain head). */
async function waitForHead(): Promise<void> {
  const { rows } = await db.pool.query<{ max: number | null }>(
    'SELECT max(global_position) AS max FROM events',
  );
  const written = Number(rows[0]?.max ?? 0);
  const deadline = Date.now() + 30_000;
  while ((await store.headPosition()) < written) {
    if (Date.now() > deadline) throw new Error(`head never reached ${written}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Balances of every account from the whole log, and the sum over all of them. */
async function ledgerBalances() {
  await waitForHead();
  const balances = new Map<string, number>();
  let total = 0;
  for (const p of (await readAllEvents()).flatMap(postingsOf)) {
    balances.set(p.account, (balances.get(p.account) ?? 0) + p.amount);
    total += p.amount;
  }
  return { balance: (account: string) => balances.get(account) ?? 0, total };
}

async function userState(userId: string) {
  return fold(
    userDecider,
    (await store.readStream(streams.user(userId))).map((e) => ({ type: e.type, data: e.data }) as UserEvent),
  );
}

async function campaignState(campaignId: string) {
  return fold(
    campaignDecider,
    (await store.readStream(streams.campaign(campaignId))).map(
      (e) => ({ type: e.type, data: e.data }) as CampaignEvent,
    ),
  );
}

async function register(userId = id('u'), referredByCode: string | null = null): Promise<string> {
  return (await registerUser(ledger, { userId, referredByCode })).userId;
}

async function createCampaign(units: number, price = naira(50), platform = 'instagram') {
  const campaignId = id('c');
  await ledger.createCampaign({
    campaignId,
    title: 'Task',
    platform,
    url: 'https://example.ng/x',
    price,
    units,
    by: { role: 'admin', id: '1' } as const,
  });
  return campaignId;
}

/** Settles every promise and sorts the outcomes; anything but a DomainError is a test failure. */
async function race<T>(tasks: (() => Promise<T>)[]) {
  const results = await Promise.allSettled(tasks.map((t) => t()));
  const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  for (const e of errors) expect(e).toBeInstanceOf(DomainError);
  return { ok, errors: errors as DomainError[] };
}

describe('withdrawals under concurrency', () => {
  it('50 concurrent withdrawals against one balance never overdraw it', async () => {
    const userId = await register();
    const balance = naira(21_000);
    const amount = naira(2_000);
    await ledger.adjustBalance({
      userId,
      adjustmentId: id('a'),
      balance: 'account',
      amount: balance,
      reason: 'opening',
      by: { role: 'admin', id: '1' } as const,
    });

    const { ok, errors } = await race(
      Array.from(
        { length: 50 },
        () => () => ledger.requestWithdrawal({ userId, withdrawalId: id('w'), type: 'withdrawal', amount }),
      ),
    );

    const expected = Math.floor(balance / amount);
    expect(ok.filter((r) => r.events.length === 1)).toHaveLength(expected);
    expect(errors).toHaveLength(50 - expected);
    for (const e of errors)
      expect({ code: e.code, message: e.message }).toEqual({
        code: 'insufficient_balance',
        message: 'Insufficient balance',
      });

    // Each answer carries the user as its own withdrawal left them: one more hold each, in some order.
    const holdsAnswered = ok.map((r) => r.user?.balances.hold).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(holdsAnswered).toEqual(Array.from({ length: expected }, (_, i) => (i + 1) * amount));

    const state = await userState(userId);
    expect(state.balances.account).toBe(balance - expected * amount);
    expect(state.balances.account).toBeGreaterThanOrEqual(0);
    expect(state.balances.hold).toBe(expected * amount);
    const ledgerNow = await ledgerBalances();
    expect(ledgerNow.total).toBe(0);
    expect(ledgerNow.balance(Accounts.userAccount(userId))).toBe(state.balances.account);
    expect(ledgerNow.balance(Accounts.userHold(userId))).toBe(state.balances.hold);
  });

  it('approval, payout and rejection move the holds exactly once, even when sent twice at once', async () => {
    const userId = await register();
    await ledger.adjustBalance({
      userId,
      adjustmentId: id('a'),
      balance: 'account',
      amount: naira(10_000),
      reason: 'opening',
      // Another admin than the one approving: who credits an account does not approve its withdrawals.
      by: { role: 'admin', id: '2' } as const,
    });
    const [w1, w2] = [id('w'), id('w')];
    await ledger.requestWithdrawal({ userId, withdrawalId: w1, type: 'withdrawal', amount: naira(3_000) });
    await ledger.requestWithdrawal({ userId, withdrawalId: w2, type: 'withdrawal', amount: naira(4_000) });

    const approvals = await race(
      [1, 2, 3].map(
        () => () =>
          ledger.approveWithdrawal({ userId, withdrawalId: w1, by: { role: 'admin', id: '1' } as const }),
      ),
    );
    expect(approvals.ok.flatMap((r) => r.events)).toHaveLength(1);
    const rejections = await race(
      [1, 2].map(
        () => () =>
          ledger.rejectWithdrawal({
            userId,
            withdrawalId: w2,
            reason: 'Wrong name',
            by: { role: 'admin', id: '1' } as const,
          }),
      ),
    );
    expect(rejections.ok.flatMap((r) => r.events)).toHaveLength(1);
    await expect(
      ledger.approveWithdrawal({ userId, withdrawalId: w2, by: { role: 'admin', id: '1' } as const }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const payouts = await race(
      [1, 2].map(
        () => () =>
          ledger.recordPayoutSucceeded({ userId, withdrawalId: w1, provider: 'manual', reference: 'GTB-1' }),
      ),
    );
    expect(payouts.ok.flatMap((r) => r.events)).toHaveLength(1);

    const state = await userState(userId);
    expect(state.balances).toEqual({ account: naira(7_000), activity: naira(500), hold: 0 });
    const ledgerNow = await ledgerBalances();
    expect(ledgerNow.total).toBe(0);
    expect(ledgerNow.balance(Accounts.payoutsClearing)).toBeGreaterThanOrEqual(0);
  });
});

describe('racing for the last unit of a campaign', () => {
  it('of ten users submitting for the last unit, exactly one gets it', async () => {
    const campaignId = await createCampaign(1);
    const users = await Promise.all(Array.from({ length: 10 }, () => register()));
    const { ok, errors } = await race(
      users.map((userId) => () => ledger.submitTask({ campaignId, userId, proofImage: `p/${userId}.png` })),
    );
    expect(ok).toHaveLength(1);
    expect(errors.map((e) => e.message)).toEqual(Array(9).fill('No units left for this task.'));
    expect((await campaignState(campaignId)).pending).toBe(1);
  });

  it('approvals of the last unit racing: exactly one approval and one reward', async () => {
    const campaignId = await createCampaign(1, naira(80));
    const userId = await register();
    await ledger.submitTask({ campaignId, userId, proofImage: 'p.png' });
    const submissionId = (await campaignState(campaignId)).byUser.get(userId)!;

    const { ok, errors } = await race(
      Array.from(
        { length: 8 },
        () => () =>
          ledger.approveSubmission({ campaignId, submissionId, by: { role: 'admin', id: '1' } as const }),
      ),
    );
    expect(errors).toEqual([]);
    const appended = ok.flatMap((r) => r.events.map((e) => e.type));
    expect(appended.sort()).toEqual(['RewardCredited', 'SubmissionApproved']);

    const campaign = await campaignState(campaignId);
    expect({ approved: campaign.approved, pending: campaign.pending, escrow: campaign.escrow }).toEqual({
      approved: 1,
      pending: 0,
      escrow: 0,
    });
    expect((await userState(userId)).balances.account).toBe(naira(80));
    const ledgerNow = await ledgerBalances();
    expect(ledgerNow.balance(Accounts.campaignEscrow(campaignId))).toBe(0);
    expect(ledgerNow.total).toBe(0);
  });

  it('of ten users completing an activity with one unit left, exactly one is credited', async () => {
    const campaignId = await createCampaign(2, naira(30), 'activity');
    const first = await register();
    await ledger.completeActivity({ campaignId, userId: first });
    const users = await Promise.all(Array.from({ length: 10 }, () => register()));
    const { ok, errors } = await race(
      users.map((userId) => () => ledger.completeActivity({ campaignId, userId })),
    );
    expect(ok).toHaveLength(1);
    expect(errors.map((e) => e.code)).toEqual(Array(9).fill('insufficient_units'));
    const ledgerNow = await ledgerBalances();
    expect(ledgerNow.balance(Accounts.campaignEscrow(campaignId))).toBe(0);
    const credited = await Promise.all(
      [first, ...users].map(async (u) => (await userState(u)).balances.activity - naira(500)),
    );
    expect(credited.filter((a) => a === naira(30))).toHaveLength(2);
    expect(credited.filter((a) => a !== 0 && a !== naira(30))).toEqual([]);
  });
});

describe('retried commands are no-ops', () => {
  it('the same registration, withdrawal, campaign and submission sent again change nothing', async () => {
    const userId = id('u');
    const registration = {
      userId,
      firstName: 'Ada',
      lastName: 'Obi',
      username: `user_${userId}`,
      email: `${userId}@example.ng`,
      phone: '08030000000',
      role: 'user' as const,
      referralCode: `code-${userId}`,
      referredByCode: null,
    };
    const first = await ledger.registerUser(registration, {
      actor: { role: 'user', id: userId },
      correlationId: 'corr-1',
    });
    expect(first.events.map((e) => [e.streamId, e.type])).toEqual([
      [streams.user(userId), 'UserRegistered'],
      [streams.unique('username', `user_${userId}`), 'UniqueValueClaimed'],
      [streams.unique('email', `${userId}@example.ng`), 'UniqueValueClaimed'],
      [streams.unique('referralCode', `code-${userId}`), 'UniqueValueClaimed'],
    ]);
    const recorded = await store.readStream(streams.user(userId));
    expect(recorded[0]!.metadata).toEqual({ actor: { role: 'user', id: userId }, correlationId: 'corr-1' });
    const again = await ledger.registerUser(registration);
    expect(again).toMatchObject({ appended: false, events: [] });
    expect(again.lastPosition).toBeGreaterThanOrEqual(first.lastPosition);

    await ledger.updateBankDetails({
      userId,
      bankCode: '50211',
      accountNum: '0123456789',
      accountName: 'Ada Obi',
    });
    await ledger.adjustBalance({
      userId,
      adjustmentId: `adj-${userId}`,
      balance: 'account',
      amount: naira(5_000),
      reason: 'opening',
      by: { role: 'admin', id: '1' } as const,
    });
    const withdrawal = { userId, withdrawalId: id('w'), type: 'withdrawal' as const, amount: naira(2_000) };
    const sent = await race(Array.from({ length: 5 }, () => () => ledger.requestWithdrawal(withdrawal)));
    expect(sent.errors).toEqual([]);
    expect(sent.ok.flatMap((r) => r.events)).toHaveLength(1);
    await ledger.adjustBalance({
      userId,
      adjustmentId: `adj-${userId}`,
      balance: 'account',
      amount: naira(5_000),
      reason: 'opening',
      by: { role: 'admin', id: '1' } as const,
    });
    expect((await userState(userId)).balances).toEqual({
      account: naira(3_000),
      activity: naira(500),
      hold: naira(2_000),
    });

    const campaignId = id('c');
    const campaign = {
      campaignId,
      title: 'Task',
      platform: 'twitter',
      url: 'https://x.com/k',
      price: naira(40),
      units: 3,
      by: { role: 'admin', id: '1' } as const,
    };
    await ledger.createCampaign(campaign);
    expect((await ledger.createCampaign(campaign)).events).toEqual([]);
    await ledger.submitTask({ campaignId, userId, proofImage: 'p.png' });
    expect((await ledger.submitTask({ campaignId, userId, proofImage: 'p.png' })).events).toEqual([]);
    await expect(ledger.submitTask({ campaignId, userId, proofImage: 'other.png' })).rejects.toMatchObject({
      message: 'You have already submitted this task.',
    });
    const ledgerNow = await ledgerBalances();
    expect(ledgerNow.balance(Accounts.campaignEscrow(campaignId))).toBe(naira(120));
    expect(ledgerNow.total).toBe(0);
  });

  it('a command id makes event ids deterministic', async () => {
    // The n-th event a command appends to a stream is named by (command id, stream, n), so the
    // same command sent again names the same events.
    const expectedIds = (commandId: string, events: { streamId: string }[]) => {
      const counts = new Map<string, number>();
      return events.map(({ streamId }) => {
        const index = counts.get(streamId) ?? 0;
        counts.set(streamId, index + 1);
        return eventIdFor(commandId, streamId, index);
      });
    };
    const userId = await register();
    const password = await ledger.changePassword(
      { userId },
      { commandId: 'cmd-fixed-1', actor: { role: 'user', id: userId } },
    );
    expect(password.events.map((e) => e.id)).toEqual(expectedIds('cmd-fixed-1', password.events));
    const campaignId = await createCampaign(1);
    const submitted = await ledger.submitTask(
      { campaignId, userId, proofImage: 'p.png' },
      { commandId: 'cmd-fixed-2' },
    );
    expect(submitted.events.map((e) => e.id)).toEqual(expectedIds('cmd-fixed-2', submitted.events));
  });

  it('the same command id sent again succeeds without appending twice; reused for another command it is refused', async () => {
    const userId = await register();
    const first = await ledger.changePassword({ userId }, { commandId: 'cmd-password-1' });
    expect(first.appended).toBe(true);
    const copies = await race(
      Array.from(
        { length: 4 },
        () => () => ledger.changePassword({ userId }, { commandId: 'cmd-password-1' }),
      ),
    );
    expect(copies.errors).toEqual([]);
    // Each copy answers like the original (same event ids, same position), and nothing is added.
    for (const r of copies.ok) {
      expect(r.appended).toBe(false);
      expect(r.lastPosition).toBe(first.lastPosition);
      expect(r.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    }
    const types = (await store.readStream(streams.user(userId))).map((e) => e.type);
    expect(types.filter((t) => t === 'PasswordChanged')).toHaveLength(1);
    await expect(
      ledger.setUserRole({ userId, role: 'finance' }, { commandId: 'cmd-password-1' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('copies of a new command racing each other append it once, and all answer as the first run', async () => {
    const userId = await register();
    const copies = await race(
      Array.from(
        { length: 4 },
        () => () => ledger.changePassword({ userId }, { commandId: `race-${userId}` }),
      ),
    );
    expect(copies.errors).toEqual([]);
    expect(copies.ok.filter((r) => r.appended)).toHaveLength(1);
    const ids = copies.ok.map((r) => r.events.map((e) => e.id));
    expect(new Set(ids.map((x) => x.join()))).toEqual(new Set([ids[0]!.join()]));
    const types = (await store.readStream(streams.user(userId))).map((e) => e.type);
    expect(types.filter((t) => t === 'PasswordChanged')).toHaveLength(1);
  });

  it('a repeated command is recognised from the log after a restart, even when deciding again would refuse it', async () => {
    const userId = await register();
    const campaignId = id('c');
    await ledger.createCampaign({
      campaignId,
      title: 'Task',
      platform: 'twitter',
      url: 'https://x.com/k',
      price: naira(40),
      units: 3,
      by: { role: 'admin', id: '1' } as const,
    });
    const commandId = `submit-${userId}`;
    const first = await ledger.submitTask({ campaignId, userId, proofImage: 'one.png' }, { commandId });
    // A new process: nothing about the first run is in memory, only in the database.
    const restarted = createPostgresEventStore(db.pool);
    try {
      const again = await createLedgerCommands(restarted, { rules }).submitTask(
        { campaignId, userId, proofImage: 'two.png' },
        { commandId },
      );
      // The first run's events, with when they were recorded.
      const recorded = await store.readStream(streams.campaign(campaignId));
      expect(again).toEqual({
        ...first,
        appended: false,
        events: first.events.map((e) => ({
          ...e,
          recordedAt: recorded.find((r) => r.id === e.id)!.recordedAt,
        })),
      });
    } finally {
      await restarted.close();
    }
    const submitted = (await store.readStream(streams.campaign(campaignId))).filter(
      (e) => e.type === 'TaskSubmitted',
    );
    expect(submitted.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
  });

  it('returns the last position to wait for', async () => {
    const userId = await register();
    const result: CommandResult = await ledger.changePassword({ userId });
    const recorded = await store.readStream(streams.user(userId));
    expect(result.lastPosition).toBe(recorded[recorded.length - 1]!.globalPosition);
    // A no-op reports the position of what is already there, so the caller can still wait for it.
    const noop = await ledger.updateBankDetails({
      userId,
      bankCode: '50211',
      accountNum: '0123456789',
      accountName: 'Ada Obi',
    });
    expect(noop).toEqual({ appended: false, events: [], lastPosition: result.lastPosition });
  });
});

describe('registration under concurrency', () => {
  it('of ten people taking one username at once, exactly one gets it', async () => {
    const username = `taken_${id('n')}`;
    const { ok, errors } = await race(
      Array.from(
        { length: 10 },
        (_, i) => () =>
          ledger.registerUser({
            userId: id('u'),
            firstName: 'Ada',
            lastName: 'Obi',
            username,
            email: `racer${i}-${username}@example.ng`,
            phone: '08030000000',
            role: 'user',
            referralCode: id('code'),
            referredByCode: null,
          }),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(errors.map((e) => [e.code, e.message, e.field])).toEqual(
      Array(9).fill(['conflict', 'Username is already taken', 'username']),
    );
  });
});

describe('referral bonus', () => {
  it('is paid once, on the first approved task only, even when approvals race', async () => {
    const referrer = await register();
    const referred = await register(id('u'), `code-${referrer}`);
    expect((await userState(referred)).referredBy).toBe(referrer);
    const campaigns = await Promise.all([1, 2, 3].map(() => createCampaign(5, naira(60))));
    for (const campaignId of campaigns)
      await ledger.submitTask({ campaignId, userId: referred, proofImage: 'p.png' });
    const submissions = await Promise.all(
      campaigns.map(async (c) => [c, (await campaignState(c)).byUser.get(referred)!] as const),
    );

    const { errors } = await race(
      submissions.slice(0, 2).map(
        ([campaignId, submissionId]) =>
          () =>
            ledger.approveSubmission({ campaignId, submissionId, by: { role: 'admin', id: '1' } as const }),
      ),
    );
    expect(errors).toEqual([]);
    const [c3, s3] = submissions[2]!;
    await ledger.approveSubmission({
      campaignId: c3,
      submissionId: s3,
      by: { role: 'admin', id: '1' } as const,
    });

    const referrerState = await userState(referrer);
    expect([...referrerState.referralBonuses.keys()]).toEqual([referred]);
    expect(referrerState.balances.account).toBe(kobo(rules.referralBonus));
    expect((await userState(referred)).balances.account).toBe(naira(180));
    expect((await ledgerBalances()).total).toBe(0);
  });

  it('is not paid when the referrer was deleted', async () => {
    const referrer = await register();
    const referred = await register(id('u'), `code-${referrer}`);
    await ledger.deleteUser({ userId: referrer, by: { role: 'user', id: referrer } });
    const campaignId = await createCampaign(1);
    await ledger.submitTask({ campaignId, userId: referred, proofImage: 'p.png' });
    const result = await ledger.approveSubmission({
      campaignId,
      submissionId: (await campaignState(campaignId)).byUser.get(referred)!,
      by: { role: 'admin', id: '1' } as const,
    });
    expect(result.events.map((e) => e.type).sort()).toEqual(['RewardCredited', 'SubmissionApproved']);
    expect((await userState(referrer)).balances.account).toBe(0);
  });
});
