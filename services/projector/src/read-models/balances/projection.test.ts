/** The balances projection as a pure function: given one recorded event, its row operations. */
import { registration, reward, the, withdrawalHistory } from '../../../test/support';
import { balances } from './projection';

describe('balances', () => {
  it('adds each posting to its account and to the owning user’s balance of that kind', () => {
    const changes = balances.handle(reward(7000, 'activity'));
    expect(changes).toEqual([
      expect.objectContaining({
        table: 'account_balances',
        key: { account: 'campaign:c1:escrow' },
        add: { balance: -7000, entry_count: 1 },
      }),
      expect.objectContaining({
        table: 'account_balances',
        key: { account: 'user:u1:activity' },
        add: { balance: 7000, entry_count: 1 },
      }),
      expect.objectContaining({
        table: 'user_balances',
        key: { user_id: 'u1' },
        add: { activity_balance: 7000 },
      }),
    ]);
  });

  it('moves a withdrawal hold into held_balance', () => {
    const event = the('WithdrawalRequested', withdrawalHistory(300_000, 'account'));
    const userRows = balances.handle(event).filter((op) => op.table === 'user_balances');
    expect(userRows.map((op) => (op.kind === 'upsert' ? op.add : null))).toEqual([
      { account_balance: -300_000 },
      { held_balance: 300_000 },
    ]);
  });

  it('gives every registered user a row, even without a bonus', () => {
    const changes = balances.handle(registration(0));
    expect(changes).toEqual([expect.objectContaining({ table: 'user_balances', key: { user_id: 'u1' } })]);
  });
});
