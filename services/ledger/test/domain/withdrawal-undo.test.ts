/**
 * Undoing an approval: for a short window after it (the money rules' withdrawalUndoSeconds) an
 * approval may be taken back, and nothing may take its payout; from the window's end the payout
 * may start and the approval stands. So an undo and a payout never both happen.
 */
import { randomUUID } from 'node:crypto';
import { userDecider } from '../../src/domain/user/decider';
import type { UserCommand } from '../../src/domain/user/commands';
import { PAYOUT_STARTED, UNDO_WINDOW_CLOSED } from '../../src/domain/user/withdrawals';
import { decodeEvent } from '../../src/domain/event-decoding';
import { postingsOf, type UserEvent } from '../../src/domain/events';
import { Accounts, postingsSum, transfer } from '../../src/money';
import { specFor } from './support/spec';
import {
  bankSet,
  credited,
  naira,
  NOW,
  registered,
  withdrawalApproved,
  withdrawalRequested,
} from './support/fixtures';

const user = specFor(userDecider);
const admin = { role: 'admin', id: 'a1' } as const;
const finance = { role: 'finance', id: 'f1' } as const;
const ids = { userId: 'u1', withdrawalId: 'w1' };

/** `ms` after NOW, as ISO 8601. */
const after = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

const held: UserEvent[] = [
  registered('u1'),
  bankSet('u1'),
  credited('u1', naira(10_000), 'account', 'a1'),
  withdrawalRequested('u1', 'w1', naira(3000)),
];
/** Approved at NOW, undoable for 10 s. */
const approved: UserEvent[] = [...held, withdrawalApproved('u1', 'w1', naira(3000), { undoSeconds: 10 })];

const approve = (now = NOW, undoSeconds = 10) =>
  ({ type: 'ApproveWithdrawal', data: { ...ids, by: admin, now, undoSeconds } }) satisfies UserCommand;
const undo = (now: string) =>
  ({ type: 'UndoWithdrawalApproval', data: { ...ids, by: admin, now } }) satisfies UserCommand;
const undone: UserEvent = {
  type: 'WithdrawalApprovalUndone',
  data: {
    ...ids,
    amount: naira(3000),
    by: admin,
    postings: transfer(Accounts.payoutsClearing, Accounts.userHold('u1'), naira(3000)),
  },
};
const sent = (now: string) =>
  ({
    type: 'RecordPayoutSent',
    data: { ...ids, provider: 'paystack', reference: 'w1', transferCode: 'TRF_1', now },
  }) satisfies UserCommand;
const paid = (now: string) =>
  ({
    type: 'RecordPayoutSucceeded',
    data: { ...ids, provider: 'manual', reference: 'GTB-1', now },
  }) satisfies UserCommand;
const toManual = (now: string) =>
  ({ type: 'MovePayoutToManual', data: { ...ids, by: finance, now } }) satisfies UserCommand;
const heldByProvider = (now: string) =>
  ({
    type: 'RecordPayoutHeld',
    data: { ...ids, provider: 'paystack', reason: 'Transfer requires OTP to continue', now },
  }) satisfies UserCommand;

describe('approving says when, and until when it may be undone', () => {
  it('stamps the approval and its window from the decider clock', () => {
    user
      .given(held)
      .when(approve(NOW, 10))
      .then([
        {
          type: 'WithdrawalApproved',
          data: {
            ...ids,
            amount: naira(3000),
            by: admin,
            at: NOW,
            undoableUntil: after(10_000),
            postings: transfer(Accounts.userHold('u1'), Accounts.payoutsClearing, naira(3000)),
          },
        },
      ]);
  });

  it('with no window the approval is never undoable', () => {
    const [event] = user.given(held).when(approve(NOW, 0)).then([expect.anything()]);
    user
      .given([...held, event!])
      .when(undo(NOW))
      .thenThrows({ code: 'conflict', message: UNDO_WINDOW_CLOSED });
  });

  it('refuses a negative window', () => {
    user.given(held).when(approve(NOW, -1)).thenThrows({ code: 'validation', field: 'undoSeconds' });
  });
});

describe('undoing an approval', () => {
  it('within the window: posts back exactly what the approval posted, and the withdrawal is pending again', () => {
    const [event] = user
      .given(approved)
      .when(undo(after(9_999)))
      .then([undone]);
    const approval = approved.at(-1)!;
    // The two events' postings together move nothing.
    expect(postingsSum([...postingsOf(approval), ...postingsOf(event!)])).toBe(0);
    const state = user.given([...approved, event!]).state();
    expect(state.withdrawals.get('w1')).toMatchObject({ status: 'pending', approvals: 1 });
    expect(state.withdrawals.get('w1')!.undoableUntil).toBeUndefined();
    expect(state.balances).toEqual(user.given(held).state().balances);
  });

  it('is refused from the end of the window on', () => {
    user
      .given(approved)
      .when(undo(after(10_000)))
      .thenThrows({ code: 'conflict', message: UNDO_WINDOW_CLOSED });
    user
      .given(approved)
      .when(undo(after(60_000)))
      .thenThrows({ code: 'conflict', message: UNDO_WINDOW_CLOSED });
  });

  it('is refused once a provider or the manual desk took the payout, even within the window', () => {
    const taken: UserEvent[][] = [
      [{ type: 'PayoutSent', data: { ...ids, provider: 'paystack', reference: 'w1', transferCode: null } }],
      [{ type: 'PayoutMovedToManual', data: { ...ids, from: 'provider', by: finance } }],
      [{ type: 'PayoutHeld', data: { ...ids, provider: 'paystack', reason: 'OTP' } }],
    ];
    for (const events of taken)
      user
        .given([...approved, ...events])
        .when(undo(after(1_000)))
        .thenThrows({ code: 'conflict', message: PAYOUT_STARTED });
  });

  it('twice is one undo; a withdrawal never approved or rejected cannot be undone', () => {
    user
      .given([...approved, undone])
      .when(undo(after(2_000)))
      .thenNothing();
    user
      .given(held)
      .when(undo(NOW))
      .thenThrows({ code: 'conflict', message: 'This withdrawal has not been approved.' });
    user
      .given(held)
      .when({
        type: 'UndoWithdrawalApproval',
        data: { userId: 'u1', withdrawalId: 'nope', by: admin, now: NOW },
      })
      .thenThrows('not_found');
  });

  it('an undone withdrawal can be approved again, numbered, with a window of its own', () => {
    const [again] = user
      .given([...approved, undone])
      .when(approve(after(5_000), 10))
      .then([expect.anything()]);
    expect(again).toMatchObject({
      type: 'WithdrawalApproved',
      data: { approval: 2, at: after(5_000), undoableUntil: after(15_000) },
    });
    // The first approval's window has closed; the second's has not.
    user
      .given([...approved, undone, again!])
      .when(undo(after(12_000)))
      .then([undone]);
    user
      .given([...approved, undone, again!])
      .when(sent(after(12_000)))
      .thenThrows('conflict');
  });

  it('an approval stored before undo existed (upcast: undoable until its own time) is not undoable', () => {
    const recordedAt = new Date(NOW);
    const {
      at: _at,
      undoableUntil: _until,
      ...v2
    } = (approved.at(-1) as Extract<UserEvent, { type: 'WithdrawalApproved' }>).data;
    const decoded = decodeEvent({
      id: randomUUID(),
      streamId: 'user-u1',
      version: 5,
      globalPosition: 5,
      type: 'WithdrawalApproved',
      data: v2,
      metadata: { schemaVersion: 2 },
      recordedAt,
      hash: '',
      prevHash: '',
    });
    expect(decoded.data).toMatchObject({ at: NOW, undoableUntil: NOW });
    const old = decoded as unknown as UserEvent;
    user
      .given([...held, old])
      .when(undo(NOW))
      .thenThrows({ code: 'conflict', message: UNDO_WINDOW_CLOSED });
    user
      .given([...held, old])
      .when(paid(NOW))
      .then([expect.objectContaining({ type: 'PayoutSucceeded' })]);
  });
});

describe('no payout is taken while the approval may be undone', () => {
  const takers = [
    ['the provider sending it', sent],
    ['finance recording it paid', paid],
    ['finance moving it to the manual desk', toManual],
    ['the provider holding it', heldByProvider],
  ] as const;

  it.each(takers)('%s is refused within the window, with the seconds left', (_name, take) => {
    user
      .given(approved)
      .when(take(after(2_500)))
      .thenThrows({
        code: 'conflict',
        message: 'This approval can still be undone for 8 more seconds: its payout waits until then.',
      });
  });

  it.each(takers)('%s is allowed from the end of the window', (_name, take) => {
    user
      .given(approved)
      .when(take(after(10_000)))
      .then([expect.anything()]);
  });
});
