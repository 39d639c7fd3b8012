import type { Transaction } from './api/account';
import { describeTransaction, newestFirst } from './transactions';

const base: Transaction = {
  id: 't1',
  type: 'task',
  title: 'Like our Facebook page',
  amount: 25,
  status: 'Completed',
  withdrawalId: null,
  state: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};
const of = (change: Partial<Transaction>): Transaction => ({ ...base, ...change });

describe('how a transaction reads', () => {
  it('shows both kinds of withdrawal as Withdrawal with a minus sign', () => {
    for (const type of ['withdrawal', 'activityWithdrawal'] as const) {
      const shown = describeTransaction(of({ type, title: 'Withdrawal', amount: 2000, status: 'Pending' }));
      expect(shown).toMatchObject({ label: 'Withdrawal', sign: '-', amount: 2000, kind: 'withdrawal' });
      expect(shown.statusIntent).toBe('warning');
    }
  });

  it('names a withdrawal by its state in the one vocabulary: approved reads Approved, not Pending', () => {
    const shown = describeTransaction(
      of({
        id: 'w1',
        type: 'withdrawal',
        title: 'Withdrawal',
        amount: 8000,
        status: 'Pending',
        withdrawalId: 'w1',
        state: 'approved',
      }),
    );
    expect(shown).toMatchObject({
      label: 'Withdrawal',
      sign: '-',
      amount: 8000,
      status: 'Approved',
      returned: false,
      note: null,
      withdrawalId: 'w1',
    });
    expect(describeTransaction(of({ type: 'withdrawal', status: 'Completed', state: 'paid' })).status).toBe(
      'Paid',
    );
  });

  it('shows money that came back as returned, never as a debit', () => {
    for (const [state, label] of [
      ['declined', 'Declined'],
      ['failed', 'Failed'],
      ['reversed', 'Reversed'],
    ] as const) {
      const shown = describeTransaction(
        of({
          type: 'withdrawal',
          title: 'Withdrawal',
          amount: 8000,
          status: 'Failed',
          withdrawalId: 'w1',
          state,
        }),
      );
      expect(shown).toMatchObject({
        label: 'Withdrawal',
        sign: null,
        amount: 8000,
        status: label,
        returned: true,
        note: 'money returned',
      });
    }
  });

  it("names the bonuses by the server's title", () => {
    expect(describeTransaction(of({ type: 'referral', title: 'Referral Bonus' }))).toMatchObject({
      label: 'Referral Bonus',
      sign: '+',
    });
    expect(describeTransaction(of({ type: 'bonus', title: 'Signup Bonus' }))).toMatchObject({
      label: 'Signup Bonus',
      sign: '+',
    });
  });

  it('shows tasks and activities by their title, falling back to Task and Activity', () => {
    expect(describeTransaction(base)).toMatchObject({ label: 'Like our Facebook page', sign: '+' });
    expect(describeTransaction(of({ title: '  ' })).label).toBe('Task');
    expect(describeTransaction(of({ type: 'activity', title: 'Daily check-in' })).label).toBe(
      'Daily check-in',
    );
    expect(describeTransaction(of({ type: 'activity', title: '' })).label).toBe('Activity');
  });

  it('shows other entries by title or as Transaction, signed by their amount', () => {
    expect(
      describeTransaction(of({ type: 'other', title: 'Balance adjustment: refund', amount: 300 })),
    ).toMatchObject({ label: 'Balance adjustment: refund', sign: '+', amount: 300 });
    expect(describeTransaction(of({ type: 'other', title: '', amount: -150 }))).toMatchObject({
      label: 'Transaction',
      sign: '-',
      amount: 150,
    });
  });

  it('dates as short month, day, year and tags the status', () => {
    const shown = describeTransaction(of({ createdAt: '2026-11-22T12:00:00.000Z', status: 'Failed' }));
    expect(shown.date).toBe('22 Nov 2026');
    expect(shown.status).toBe('Failed');
    expect(shown.statusIntent).toBe('danger');
    expect(describeTransaction(base).statusIntent).toBe('success');
  });

  it('orders newest first without changing the list it was given', () => {
    const older = of({ id: 'old', createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = of({ id: 'new', createdAt: '2026-06-01T00:00:00.000Z' });
    const given = [older, newer];
    expect(newestFirst(given).map((t) => t.id)).toEqual(['new', 'old']);
    expect(given.map((t) => t.id)).toEqual(['old', 'new']);
  });
});
