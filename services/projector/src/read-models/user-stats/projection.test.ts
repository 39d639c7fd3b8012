/** The user_stats projection as a pure function: given one recorded event, its row operations. */
import { registration, reward, the, withdrawalHistory } from '../../../test/support';
import { userStats } from './projection';

describe('user_stats', () => {
  it('counts a referral for the referrer and the signup bonus as the new user’s earnings', () => {
    expect(userStats.handle(registration(50_000, 'r9'))).toEqual([
      expect.objectContaining({ key: { user_id: 'u1' }, add: { total_earnings: 50_000 } }),
      expect.objectContaining({ key: { user_id: 'r9' }, add: { total_referrals: 1 } }),
    ]);
  });

  it('counts a rewarded task and its earnings; a paid withdrawal as withdrawn', () => {
    expect(userStats.handle(reward(9000))).toEqual([
      expect.objectContaining({ add: { total_tasks: 1, total_earnings: 9000 } }),
    ]);
    expect(
      userStats.handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid'))),
    ).toEqual([expect.objectContaining({ add: { total_withdrawn: 250_000 } })]);
  });

  it('takes a reversed payout back out of withdrawn', () => {
    expect(
      userStats.handle(
        the('PayoutReversed', withdrawalHistory(250_000, 'account', 'approve', 'paid', 'reversed')),
      ),
    ).toEqual([expect.objectContaining({ key: { user_id: 'u1' }, add: { total_withdrawn: -250_000 } })]);
  });
});
