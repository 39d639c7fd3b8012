/**
 * An admin's balance edits sent at the same time: "set the balance to X" means X, and the approval
 * rule (the changes posted without approval in a day count together) holds however the edits
 * interleave. Each edit is decided on the user's stream at the version it read, so concurrent
 * edits conflict and are decided again on the fresh balance and window. The latest edit counts:
 * it replaces the requests earlier edits left waiting, so finance approving what waits sets the
 * balance to one of the targets, never to a sum of the differences.
 */
import { Accounts, currentUser, nairaToKobo, streams, type UserState } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { accountBalance, expectProblem, registerUser, settled } from './support';

describe('balance edits sent at the same time', () => {
  let h: Harness;
  let admin: [string, string];
  let finance: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    admin = ['Authorization', `Bearer ${h.adminToken}`];
    finance = ['Authorization', `Bearer ${h.financeToken}`];
  });
  afterAll(() => h.close());

  const edit = (userId: string, balance: number, headers: Record<string, string> = {}) =>
    h.http
      .put(`/api/admin/users/${userId}`)
      .set(...admin)
      .set(headers)
      .send({ balance, reason: 'Goodwill' });

  /** The ledger's own figures: the user's stream as stored. */
  const ledgerOf = (userId: string) => currentUser(h.context.store, userId);
  const pendingOf = (state: UserState) =>
    [...state.adjustmentRequests.entries()].filter(([, request]) => request.state === 'pending');

  it('sets the balance to one of the targets and sends what passes the threshold to finance', async () => {
    const user = await registerUser(h);
    const targets = [50_000, 49_999.99, 49_999.98, 49_999.97];
    const answers = await Promise.all(targets.map((balance) => edit(user.userId, balance)));
    for (const answer of answers) expect(answer.status).toBe(200);

    const state = await ledgerOf(user.userId);
    // Exactly one of the targets, never two of them added together.
    expect(targets.map(nairaToKobo)).toContain(state.balances.account);
    // Posted without approval: at most the threshold (₦50,000), whatever the order.
    const { approvalAbove } = h.config.adjustments;
    expect(state.balances.account).toBeLessThanOrEqual(approvalAbove);
    // However the edits interleaved, the changes posted without approval add up to at most it.
    const postedDirectly = (await h.store.readStream(streams.user(user.userId)))
      .filter((e) => e.type === 'BalanceAdjusted')
      .map((e) => e.data as { amount: number; requestedBy?: unknown })
      .filter((d) => d.requestedBy === undefined);
    expect(postedDirectly.length).toBeGreaterThan(0);
    expect(postedDirectly.reduce((sum, d) => sum + Math.abs(d.amount), 0)).toBeLessThanOrEqual(approvalAbove);
    await settled(h);
    expect(await accountBalance(h, Accounts.userAccount(user.userId))).toBe(state.balances.account);
    // At most one request waits: each later edit replaced the one before. It is one an answer named,
    // and it is what is left to reach its target from the balance now.
    const pending = pendingOf(state);
    expect(pending.length).toBeLessThanOrEqual(1);
    const answered = answers.flatMap((a) => (a.body.pendingAdjustment ? [a.body.pendingAdjustment] : []));
    for (const p of answered) expect(p.state).toBe('pending');
    for (const [id, request] of pending) {
      expect(answered.map((p) => p.adjustmentId)).toContain(id);
      expect(targets.map(nairaToKobo)).toContain(state.balances.account + request.amount);
    }

    // The finance queue shows the one waiting as pending, and the replaced ones as closed by the
    // admin's later edit, with why.
    const queue = await h.http
      .get('/api/finance/adjustments')
      .query({ q: user.email, pageSize: 50 })
      .set(...finance)
      .expect(200);
    const rows = queue.body as {
      adjustmentId: string;
      state: string;
      decisionReason: string | null;
      decidedBy: string | null;
    }[];
    expect(rows.filter((r) => r.state === 'pending').map((r) => r.adjustmentId)).toEqual(
      pending.map(([id]) => id),
    );
    const replaced = [...state.adjustmentRequests.entries()].filter(([, r]) => r.state === 'replaced');
    expect(replaced.length).toBe(answered.length - pending.length);
    for (const [id] of replaced)
      expect(rows.find((r) => r.adjustmentId === id)).toEqual(
        expect.objectContaining({
          state: 'rejected',
          decisionReason: 'Replaced by a later balance change.',
          decidedBy: h.adminId,
        }),
      );

    // Finance approves everything the queue offers: the balance ends at one of the targets.
    for (const [id] of pending)
      await h.http
        .post(`/api/finance/adjustments/${id}/approve`)
        .set(...finance)
        .expect(200);
    for (const [id] of replaced) {
      const refused = await h.http
        .post(`/api/finance/adjustments/${id}/approve`)
        .set(...finance)
        .expect(409);
      expectProblem(refused.body, 'This balance change was replaced by a later balance change.');
    }
    const after = await ledgerOf(user.userId);
    expect(targets.map(nairaToKobo)).toContain(after.balances.account);
    expect(pendingOf(after)).toEqual([]);
  });

  it('posts a repeated edit once, and sends a repeated large one to finance once', async () => {
    const user = await registerUser(h);
    const small = await Promise.all([edit(user.userId, 1_000), edit(user.userId, 1_000)]);
    for (const answer of small) expect(answer.status).toBe(200);
    const again = await edit(user.userId, 1_000).expect(200);
    expect(again.body.pendingAdjustment).toBeUndefined();
    let state = await ledgerOf(user.userId);
    expect(state.balances.account).toBe(nairaToKobo(1_000));
    expect(state.adjustments.size).toBe(1);

    // ₦61,000 in a day is above the threshold: one request, however many times it is asked.
    const large = await Promise.all([edit(user.userId, 61_000), edit(user.userId, 61_000)]);
    const later = await edit(user.userId, 61_000).expect(200);
    const ids = [...large, later].map((a) => a.body.pendingAdjustment?.adjustmentId as string);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toEqual(expect.any(String));
    expect(later.body.pendingAdjustment).toEqual(
      expect.objectContaining({
        amount: 60_000,
        state: 'pending',
        message: "The balance change of ₦60,000 waits for a finance user's approval.",
      }),
    );
    state = await ledgerOf(user.userId);
    expect(state.balances.account).toBe(nairaToKobo(1_000));
    expect(pendingOf(state).map(([, r]) => r.amount)).toEqual([nairaToKobo(60_000)]);
  });

  it('answers a repeat with the same Idempotency-Key as the first run', async () => {
    const user = await registerUser(h);
    const key = { 'Idempotency-Key': `balance-${user.userId}` };
    const first = await edit(user.userId, 70_000, key).expect(200);
    // The balance moved in between (and that edit replaced the request); the repeat still answers
    // as the first run did, and asks nothing again.
    await edit(user.userId, 100).expect(200);
    const repeat = await edit(user.userId, 70_000, key).expect(200);
    expect(repeat.body.pendingAdjustment).toEqual(first.body.pendingAdjustment);
    const state = await ledgerOf(user.userId);
    expect(pendingOf(state)).toEqual([]);
    expect(state.adjustmentRequests.get(first.body.pendingAdjustment.adjustmentId as string)?.state).toBe(
      'replaced',
    );
    expect(state.balances.account).toBe(nairaToKobo(100));
  });
});
