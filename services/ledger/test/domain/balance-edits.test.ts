/**
 * An admin sets a user's account balance (SetAccountBalance): the difference from the balance as
 * decided is posted, or asked of finance when it and the changes posted without approval in the
 * window are above the threshold. Edits made at once are decided one after another on the stream,
 * so each decision below is what an edit sees after the others' events.
 */
import type { Actor } from '../../src/domain/actor';
import { decodeEvent } from '../../src/domain/event-decoding';
import type { UserEvent } from '../../src/domain/events';
import type { AdjustmentRules, SetAccountBalance } from '../../src/domain/user/commands';
import { userDecider } from '../../src/domain/user/decider';
import { DIRECT_ADJUSTMENTS_KEPT_HOURS } from '../../src/domain/user/state';
import { Accounts, kobo, transfer, type Kobo } from '../../src/money';
import { specFor } from './support/spec';
import { credited, naira, NOW, registered } from './support/fixtures';

const user = specFor(userDecider);
const admin: Actor = { role: 'admin', id: 'a1' };
const rules: AdjustmentRules = { cap: naira(1_000_000), approvalAbove: naira(50_000), windowHours: 24 };
const hoursBefore = (hours: number) => new Date(Date.parse(NOW) - hours * 3_600_000).toISOString();

const setTo = (target: Kobo, adjustmentId = 'e1', more: Partial<SetAccountBalance['data']> = {}) => ({
  type: 'SetAccountBalance' as const,
  data: { userId: 'u1', adjustmentId, target, reason: ' Goodwill ', by: admin, now: NOW, rules, ...more },
});

/** A change posted without approval at `at` (what SetAccountBalance posts). */
const posted = (amount: Kobo, adjustmentId = 'e1', at = NOW): UserEvent => ({
  type: 'BalanceAdjusted',
  data: {
    userId: 'u1',
    adjustmentId,
    balance: 'account',
    amount,
    reason: 'Goodwill',
    by: admin,
    at,
    postings:
      amount > 0
        ? transfer(Accounts.adjustments, Accounts.userAccount('u1'), amount)
        : transfer(Accounts.userAccount('u1'), Accounts.adjustments, kobo(-amount)),
  },
});

/** A set-balance edit's request for finance: `amount` from the balance then, to `target`. */
const asked = (amount: Kobo, adjustmentId: string, target: Kobo, by: Actor = admin): UserEvent => ({
  type: 'BalanceAdjustmentRequested',
  data: { userId: 'u1', adjustmentId, balance: 'account', amount, reason: 'Goodwill', by, target },
});

/** A waiting request closed because a later edit (`replacedBy`) set the balance again. */
const replaced = (adjustmentId: string, replacedBy: string, by: Actor = admin): UserEvent => ({
  type: 'BalanceAdjustmentRejected',
  data: { userId: 'u1', adjustmentId, reason: 'Replaced by a later balance change.', by, replacedBy },
});

describe('setting the account balance', () => {
  it('posts the difference from the balance as decided, up or down, stamped with the time', () => {
    user
      .given([registered('u1')])
      .when(setTo(naira(300)))
      .then([posted(naira(300))]);
    user
      .given([registered('u1'), credited('u1', naira(100))])
      .when(setTo(naira(40)))
      .then([posted(naira(-60))]);
  });

  it('does nothing when the balance is already the target, or the change was made', () => {
    user
      .given([registered('u1'), credited('u1', naira(100))])
      .when(setTo(naira(100)))
      .thenNothing();
    user
      .given([registered('u1'), posted(naira(300))])
      .when(setTo(naira(500)))
      .thenNothing();
    user
      .given([registered('u1'), asked(naira(60_000), 'e1', naira(60_000))])
      .when(setTo(naira(10)))
      .thenNothing();
  });

  it('asks finance for a change above the threshold, and asks once for the same target', () => {
    user
      .given([registered('u1')])
      .when(setTo(naira(60_000)))
      .then([asked(naira(60_000), 'e1', naira(60_000))]);
    // The same edit again (another id): the request waiting would bring the balance there.
    user
      .given([registered('u1'), asked(naira(60_000), 'e1', naira(60_000))])
      .when(setTo(naira(60_000), 'e2'))
      .thenNothing();
    // Another target is another request, and it replaces the one waiting: the latest edit wins.
    user
      .given([registered('u1'), asked(naira(60_000), 'e1', naira(60_000))])
      .when(setTo(naira(70_000), 'e2'))
      .then([replaced('e1', 'e2'), asked(naira(70_000), 'e2', naira(70_000))]);
  });

  it('counts the changes posted without approval in the window together, either way', () => {
    // ₦30,000 up and ₦10,000 down an hour ago: another ₦15,000 makes ₦55,000 in the window.
    const earlier = [
      registered('u1'),
      posted(naira(30_000), 'e0', hoursBefore(2)),
      posted(naira(-10_000), 'e1', hoursBefore(1)),
    ];
    user
      .given(earlier)
      .when(setTo(naira(35_000), 'e2'))
      .then([asked(naira(15_000), 'e2', naira(35_000))]);
    // Exactly the threshold is still posted.
    user
      .given(earlier)
      .when(setTo(naira(30_000), 'e2'))
      .then([posted(naira(10_000), 'e2')]);
    // A day later the earlier changes no longer count.
    user
      .given([registered('u1'), posted(naira(50_000), 'e0', hoursBefore(25))])
      .when(setTo(naira(90_000), 'e2'))
      .then([posted(naira(40_000), 'e2')]);
  });

  it('counts a change posted by AdjustBalance at a time like one of its own', () => {
    const adjust = {
      type: 'AdjustBalance' as const,
      data: {
        userId: 'u1',
        adjustmentId: 'e0',
        balance: 'account' as const,
        amount: naira(40_000),
        reason: 'Goodwill',
        by: admin,
        now: hoursBefore(1),
      },
    };
    const [adjusted] = user
      .given([registered('u1')])
      .when(adjust)
      .then([posted(naira(40_000), 'e0', hoursBefore(1))]);
    user
      .given([registered('u1'), adjusted!])
      .when(setTo(naira(50_001), 'e2'))
      .then([asked(naira(10_001), 'e2', naira(50_001))]);
  });

  it('does not count an approved change, nor money from elsewhere, in the window', () => {
    const approved: UserEvent = {
      type: 'BalanceAdjusted',
      data: {
        userId: 'u1',
        adjustmentId: 'e0',
        balance: 'account',
        amount: naira(50_000),
        reason: 'Campaign refund',
        by: { role: 'finance', id: 'f1' },
        requestedBy: admin,
        postings: transfer(Accounts.adjustments, Accounts.userAccount('u1'), naira(50_000)),
      },
    };
    user
      .given([registered('u1'), approved])
      .when(setTo(naira(100_000), 'e2'))
      .then([posted(naira(50_000), 'e2')]);
    user
      .given([registered('u1'), credited('u1', naira(50_000))])
      .when(setTo(naira(100_000), 'e2'))
      .then([posted(naira(50_000), 'e2')]);
  });

  it('counts a change stored before it said when (version 2) by the time it was recorded', () => {
    const { at: _at, ...data } = posted(naira(50_000), 'e0').data as { at?: string };
    const stored = decodeEvent({
      id: 'ev-1',
      streamId: 'user-u1',
      version: 2,
      globalPosition: 2,
      type: 'BalanceAdjusted',
      data,
      metadata: { schemaVersion: 2 },
      recordedAt: new Date(hoursBefore(3)),
      hash: '',
      prevHash: '',
    }) as UserEvent;
    user
      .given([registered('u1'), stored])
      .when(setTo(naira(50_001), 'e2'))
      .then([asked(kobo(100), 'e2', naira(50_001))]);
  });

  it('decides edits sent at once one after another: set to X means X, never X added twice', () => {
    const targets = [naira(50_000), kobo(4_999_999), kobo(4_999_998), kobo(4_999_997)];
    // The first to be decided is posted; each next one sees its balance and its window.
    const first = [registered('u1'), posted(targets[0]!)];
    user.given(first).when(setTo(targets[0]!, 'e2')).thenNothing();
    user
      .given(first)
      .when(setTo(targets[1]!, 'e2'))
      .then([asked(kobo(-1), 'e2', targets[1]!)]);
    // From the lowest target up, the steps stay within the threshold: each is posted.
    const lowest = [registered('u1'), posted(targets[3]!)];
    user
      .given(lowest)
      .when(setTo(targets[0]!, 'e2'))
      .then([posted(kobo(3), 'e2')]);
    // After them, going back down passes the threshold.
    user
      .given([...lowest, posted(kobo(3), 'e2')])
      .when(setTo(targets[1]!, 'e3'))
      .then([asked(kobo(-1), 'e3', targets[1]!)]);
  });

  it('replaces the requests earlier edits left waiting, with the admin who edited again', () => {
    const other: Actor = { role: 'admin', id: 'a2' };
    const waiting = [registered('u1'), posted(naira(50_000), 'e0'), asked(kobo(-1), 'e1', kobo(4_999_999))];
    // Asked again: the new request replaces the waiting one, in the same decision.
    user
      .given(waiting)
      .when(setTo(kobo(4_999_998), 'e2', { by: other }))
      .then([replaced('e1', 'e2', other), asked(kobo(-2), 'e2', kobo(4_999_998), other)]);
    // Posted at once (the window has room again): the waiting request is replaced as well.
    const dayLater = { now: new Date(Date.parse(NOW) + 25 * 3_600_000).toISOString() };
    user
      .given(waiting)
      .when(setTo(naira(40_000), 'e2', dayLater))
      .then([replaced('e1', 'e2'), posted(naira(-10_000), 'e2', dayLater.now)]);
    // A request finance already decided is not touched.
    const rejected: UserEvent = {
      type: 'BalanceAdjustmentRejected',
      data: { userId: 'u1', adjustmentId: 'e1', reason: 'Not agreed', by: { role: 'finance', id: 'f1' } },
    };
    user
      .given([...waiting, rejected])
      .when(setTo(kobo(4_999_998), 'e2'))
      .then([asked(kobo(-2), 'e2', kobo(4_999_998))]);
  });

  it('leaves alone a request asked for another way (not by setting the balance)', () => {
    const requested: UserEvent = {
      type: 'BalanceAdjustmentRequested',
      data: {
        userId: 'u1',
        adjustmentId: 'r1',
        balance: 'account',
        amount: naira(80_000),
        reason: 'Refund',
        by: admin,
      },
    };
    user
      .given([registered('u1'), requested])
      .when(setTo(naira(60_000), 'e2'))
      .then([asked(naira(60_000), 'e2', naira(60_000))]);
  });

  it('leaves one request waiting after edits sent at once: approving it sets one of the targets', () => {
    const targets = [naira(50_000), kobo(4_999_999), kobo(4_999_998), kobo(4_999_997)];
    // Decided one after another, in the order they reach the stream.
    const events: UserEvent[] = [registered('u1')];
    for (const [i, target] of targets.entries())
      events.push(...userDecider.decide(setTo(target, `e${i}`), user.given(events).state()));
    const pending = [...user.given(events).state().adjustmentRequests.entries()].filter(
      ([, r]) => r.state === 'pending',
    );
    expect(pending.map(([id]) => id)).toEqual(['e3']);
    // Finance approves whatever is still waiting; a replaced request cannot be approved.
    const finance: Actor = { role: 'finance', id: 'f1' };
    const approve = (adjustmentId: string) => ({
      type: 'ApproveBalanceAdjustment' as const,
      data: { userId: 'u1', adjustmentId, by: finance },
    });
    for (const id of ['e1', 'e2'])
      user.given(events).when(approve(id)).thenThrows({
        code: 'conflict',
        message: 'This balance change was replaced by a later balance change.',
      });
    const approved = userDecider.decide(approve('e3'), user.given(events).state());
    expect(user.given([...events, ...approved]).state().balances.account).toBe(targets[3]);
  });

  it('refuses a change above the cap, one without a reason, a balance below zero and no user', () => {
    user
      .given([registered('u1')])
      .when(setTo(naira(1_000_001)))
      .thenThrows({
        code: 'validation',
        message: 'One balance change can be at most ₦1,000,000.',
        field: 'balance',
      });
    user
      .given([registered('u1')])
      .when(setTo(naira(100), 'e1', { reason: '  ' }))
      .thenThrows({
        code: 'validation',
        message: 'Please give a reason for the balance change.',
        field: 'reason',
      });
    user
      .given([registered('u1')])
      .when(setTo(kobo(-1)))
      .thenThrows({ code: 'validation', field: 'balance' });
    user
      .given([])
      .when(setTo(naira(100)))
      .thenThrows('not_found');
  });

  it('keeps the changes posted without approval only as far back as a window can reach', () => {
    const kept = user
      .given([
        registered('u1'),
        posted(naira(1), 'e0', hoursBefore(DIRECT_ADJUSTMENTS_KEPT_HOURS + 1)),
        posted(naira(2), 'e1', hoursBefore(DIRECT_ADJUSTMENTS_KEPT_HOURS - 1)),
        posted(naira(-3), 'e2'),
      ])
      .state().directAdjustments;
    expect(kept.toArray()).toEqual([
      { at: hoursBefore(DIRECT_ADJUSTMENTS_KEPT_HOURS - 1), size: naira(2) },
      { at: NOW, size: naira(3) },
    ]);
    // A saved state reads back with them.
    const saved: unknown = JSON.parse(
      JSON.stringify(user.given([registered('u1'), posted(naira(2))]).state()),
    );
    expect(userDecider.snapshot!.restore(saved).directAdjustments.toArray()).toEqual([
      { at: NOW, size: naira(2) },
    ]);
  });
});
