/** The transactions projection as a pure function: given one recorded event, its row operations. */
import {
  adjust,
  at,
  decided,
  register,
  registration,
  setOf,
  the,
  withdrawalHistory,
} from '../../../test/support';
import { transactions } from './projection';

describe('transactions', () => {
  it('follows a withdrawal: pending when requested and approved, completed when paid', () => {
    const requested = the('WithdrawalRequested', withdrawalHistory(4_000_000, 'activity'));
    expect(transactions.handle(requested)).toEqual([
      expect.objectContaining({
        kind: 'insert',
        row: expect.objectContaining({
          id: 'w1',
          type: 'activityWithdrawal',
          amount: -4_000_000,
          status: 'pending',
          withdrawal_state: 'requested',
        }),
      }),
    ]);
    expect(
      transactions
        .handle(the('WithdrawalApproved', withdrawalHistory(250_000, 'account', 'approve')))
        .map(setOf),
    ).toEqual([{ status: 'pending', withdrawal_state: 'approved', updated_at: at.toISOString() }]);
    expect(
      transactions
        .handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))
        .map(setOf),
    ).toEqual([{ status: 'completed', withdrawal_state: 'paid', updated_at: at.toISOString() }]);
  });

  it('keeps a declined withdrawal apart from a failed payout, both failed in the coarse status', () => {
    expect(
      transactions
        .handle(the('WithdrawalRejected', withdrawalHistory(250_000, 'account', 'reject')))
        .map(setOf),
    ).toEqual([expect.objectContaining({ status: 'failed', withdrawal_state: 'declined' })]);
    expect(
      transactions
        .handle(the('PayoutFailed', withdrawalHistory(250_000, 'account', 'approve', 'payoutFailed')))
        .map(setOf),
    ).toEqual([expect.objectContaining({ status: 'failed', withdrawal_state: 'failed' })]);
  });

  it('gives no withdrawal state to what is not a withdrawal', () => {
    const [bonus] = transactions.handle(registration(50_000));
    expect(bonus?.kind === 'insert' ? bonus.row.withdrawal_state : 'not an insert').toBeUndefined();
  });

  it('keeps a Sending payout pending, and marks a reversed one failed (the money is back)', () => {
    expect(
      transactions
        .handle(the('PayoutSent', withdrawalHistory(250_000, 'account', 'approve', 'sent')))
        .map(setOf),
    ).toEqual([{ status: 'pending', withdrawal_state: 'sending', updated_at: at.toISOString() }]);
    expect(
      transactions
        .handle(
          the('PayoutReversed', withdrawalHistory(250_000, 'account', 'approve', 'sent', 'paid', 'reversed')),
        )
        .map(setOf),
    ).toEqual([{ status: 'failed', withdrawal_state: 'reversed', updated_at: at.toISOString() }]);
  });

  it('records the signup bonus only when it was credited', () => {
    expect(transactions.handle(registration(50_000))).toEqual([
      expect.objectContaining({
        row: expect.objectContaining({ type: 'bonus', title: 'Signup Bonus', amount: 50_000 }),
      }),
    ]);
    expect(transactions.handle(registration(0))).toEqual([]);
  });

  it('signs an adjustment by what the user’s balance gained or lost', () => {
    const event = decided(register(0), adjust(1500), adjust(-1500)).at(-1)!;
    expect(transactions.handle(event)).toEqual([
      expect.objectContaining({ row: expect.objectContaining({ type: 'other', amount: -1500 }) }),
    ]);
  });
});
