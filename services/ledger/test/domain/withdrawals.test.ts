import { userDecider } from '../../src/domain/user/decider';
import type { RequestWithdrawal } from '../../src/domain/user/commands';
import { balanceOf, withdrawalTypeOf, type UserEvent } from '../../src/domain/events';
import { Accounts, kobo, transfer, type Kobo } from '../../src/money';
import { specFor } from './support/spec';
import {
  bank,
  bankSet,
  credited,
  naira,
  NOW,
  registered,
  rewarded,
  rules,
  withdrawalApproved,
  withdrawalRequested,
} from './support/fixtures';

const user = specFor(userDecider);

const request = (
  amount: Kobo,
  type: 'withdrawal' | 'activityWithdrawal' = 'withdrawal',
  withdrawalId = 'w1',
  r = rules,
): RequestWithdrawal => ({
  type: 'RequestWithdrawal',
  data: { userId: 'u1', withdrawalId, type, amount, rules: r, now: NOW },
});

/** Registered (₦500 activity bonus), bank details set, ₦10,000 on the account balance, ₦50,000 more on activity. */
const funded: UserEvent[] = [
  registered('u1'),
  bankSet('u1'),
  credited('u1', naira(10_000), 'account', 'a1'),
  credited('u1', naira(49_500), 'activity', 'a2'),
];

test('a withdrawal type and the balance it is taken from map one to one, both ways', () => {
  expect(withdrawalTypeOf('account')).toBe('withdrawal');
  expect(withdrawalTypeOf('activity')).toBe('activityWithdrawal');
  for (const balance of ['account', 'activity'] as const)
    expect(balanceOf(withdrawalTypeOf(balance))).toBe(balance);
});

describe('requesting a withdrawal', () => {
  it('places a hold: account balance -> hold', () => {
    user
      .given(funded)
      .when(request(naira(2000)))
      .then([
        {
          type: 'WithdrawalRequested',
          data: {
            userId: 'u1',
            withdrawalId: 'w1',
            balance: 'account',
            amount: naira(2000),
            fee: kobo(0),
            bankDetails: bank,
            postings: transfer(Accounts.userAccount('u1'), Accounts.userHold('u1'), naira(2000)),
          },
        },
      ]);
  });

  it('the held amount stops being available at once', () => {
    const state = user.given([...funded, withdrawalRequested('u1', 'w1', naira(8000))]).state();
    expect(state.balances).toEqual({ account: naira(2000), activity: naira(50_000), hold: naira(8000) });
    user
      .given([...funded, withdrawalRequested('u1', 'w1', naira(8000))])
      .when(request(naira(2001), 'withdrawal', 'w2'))
      .thenThrows({
        code: 'insufficient_balance',
        message: 'Insufficient balance',
      });
  });

  it('activityWithdrawal takes from the activity balance', () => {
    const [event] = user
      .given(funded)
      .when(request(naira(40_000), 'activityWithdrawal'))
      .then([expect.anything()]);
    expect(event).toMatchObject({
      data: {
        balance: 'activity',
        postings: transfer(Accounts.userActivity('u1'), Accounts.userHold('u1'), naira(40_000)),
      },
    });
  });

  it('enforces the minimums with the specs messages', () => {
    user
      .given(funded)
      .when(request(kobo(199_999)))
      .thenThrows({
        code: 'validation',
        message: 'Minimum withdrawal amount is ₦2,000',
        field: 'amount',
      });
    user
      .given(funded)
      .when(request(naira(39_999), 'activityWithdrawal'))
      .thenThrows({
        code: 'validation',
        message: 'Minimum withdrawal amount is ₦40,000',
      });
  });

  it('reads the minimums from the money rules', () => {
    const lower = { ...rules, minWithdrawalAccount: naira(1000) };
    user
      .given(funded)
      .when(request(naira(1000), 'withdrawal', 'w1', lower))
      .then([expect.anything()]);
  });

  it('refuses more than the balance', () => {
    user
      .given(funded)
      .when(request(kobo(1_000_001)))
      .thenThrows({ code: 'insufficient_balance', message: 'Insufficient balance' });
    user
      .given(funded)
      .when(request(kobo(5_000_001), 'activityWithdrawal'))
      .thenThrows({
        code: 'insufficient_balance',
        message: 'Insufficient activity balance',
      });
  });

  it('allows exactly the whole balance', () => {
    user
      .given(funded)
      .when(request(naira(10_000)))
      .then([expect.anything()]);
  });

  it('requires bank details', () => {
    user
      .given([registered('u1'), credited('u1', naira(10_000))])
      .when(request(naira(2000)))
      .thenThrows({ code: 'validation', message: 'Bank details are required before withdrawing.' });
  });

  it('refuses a suspended user', () => {
    user
      .given([
        ...funded,
        {
          type: 'UserStatusSet',
          data: { userId: 'u1', status: 'suspended', by: { role: 'admin', id: '1' } as const },
        },
      ])
      .when(request(naira(2000)))
      .thenThrows('forbidden');
  });

  it('refuses amounts that are not positive whole kobo', () => {
    user
      .given(funded)
      .when(request(kobo(-5)))
      .thenThrows('validation');
    user
      .given(funded)
      .when(request(200_000.5 as Kobo))
      .thenThrows({ code: 'validation', message: 'Please enter a valid amount.' });
  });

  it('a withdrawal id already used for the same request is a no-op, for another request a conflict', () => {
    const after = [...funded, withdrawalRequested('u1', 'w1', naira(2000))];
    user
      .given(after)
      .when(request(naira(2000)))
      .thenNothing();
    user
      .given(after)
      .when(request(naira(3000)))
      .thenThrows('conflict');
    user
      .given(after)
      .when(request(naira(2000), 'activityWithdrawal'))
      .thenThrows('conflict');
  });

  it('a retried request stays a no-op even when the balance has since gone', () => {
    const drained = [...funded, withdrawalRequested('u1', 'w1', naira(10_000))];
    user
      .given(drained)
      .when(request(naira(10_000)))
      .thenNothing();
  });

  it('records the configured fee, and refuses an amount not above it', () => {
    const withFee = { ...rules, withdrawalFee: naira(50), minWithdrawalAccount: naira(10) };
    const [event] = user
      .given(funded)
      .when(request(naira(2000), 'withdrawal', 'w1', withFee))
      .then([expect.anything()]);
    expect(event).toMatchObject({ data: { amount: naira(2000), fee: naira(50) } });
    user
      .given(funded)
      .when(request(naira(50), 'withdrawal', 'w1', withFee))
      .thenThrows({ code: 'validation', field: 'amount' });
  });
});

describe('approving and rejecting', () => {
  const held = [...funded, withdrawalRequested('u1', 'w1', naira(3000))];
  const approve = {
    type: 'ApproveWithdrawal' as const,
    data: {
      userId: 'u1',
      withdrawalId: 'w1',
      by: { role: 'admin', id: '1' } as const,
      now: NOW,
      undoSeconds: 0,
    },
  };
  const reject = {
    type: 'RejectWithdrawal' as const,
    data: {
      userId: 'u1',
      withdrawalId: 'w1',
      reason: 'Name mismatch',
      by: { role: 'admin', id: '1' } as const,
    },
  };

  it('approval posts the hold to payouts clearing', () => {
    user
      .given(held)
      .when(approve)
      .then([withdrawalApproved('u1', 'w1', naira(3000))]);
  });

  it('rejection voids the hold back to its balance', () => {
    user
      .given(held)
      .when(reject)
      .then([
        {
          type: 'WithdrawalRejected',
          data: {
            userId: 'u1',
            withdrawalId: 'w1',
            amount: naira(3000),
            reason: 'Name mismatch',
            by: { role: 'admin', id: '1' } as const,
            postings: transfer(Accounts.userHold('u1'), Accounts.userAccount('u1'), naira(3000)),
          },
        },
      ]);
    const activityHeld = [...funded, withdrawalRequested('u1', 'w1', naira(40_000), 'activity')];
    const [event] = user.given(activityHeld).when(reject).then([expect.anything()]);
    expect(event).toMatchObject({
      data: { postings: transfer(Accounts.userHold('u1'), Accounts.userActivity('u1'), naira(40_000)) },
    });
  });

  it('after rejection the money is available again', () => {
    const events = user.given(held).when(reject).then([expect.anything()]);
    expect(user.given([...held, ...events]).state().balances).toEqual({
      account: naira(10_000),
      activity: naira(50_000),
      hold: 0,
    });
  });

  it('a hold is posted or voided exactly once', () => {
    const approvedHold = [...held, withdrawalApproved('u1', 'w1', naira(3000))];
    user.given(approvedHold).when(approve).thenNothing();
    user
      .given(approvedHold)
      .when(reject)
      .thenThrows({ code: 'conflict', message: 'This withdrawal was already approved.' });
    const rejected = user.given(held).when(reject).then([expect.anything()]);
    user
      .given([...held, ...rejected])
      .when(reject)
      .thenNothing();
    user
      .given([...held, ...rejected])
      .when(approve)
      .thenThrows({ code: 'conflict', message: 'This withdrawal was already rejected.' });
  });

  it('a rejection needs a reason', () => {
    user
      .given(held)
      .when({ ...reject, data: { ...reject.data, reason: '' } })
      .thenThrows({ code: 'validation', field: 'reason' });
  });

  it('an unknown withdrawal is not found', () => {
    user.given(funded).when(approve).thenThrows({ code: 'not_found', message: 'Withdrawal not found.' });
  });
});

describe('payouts', () => {
  const approvedHold = [
    ...funded,
    withdrawalRequested('u1', 'w1', naira(3000)),
    withdrawalApproved('u1', 'w1', naira(3000)),
  ];
  const paid = {
    type: 'RecordPayoutSucceeded' as const,
    data: { userId: 'u1', withdrawalId: 'w1', provider: 'manual', reference: 'GTB-123', now: NOW },
  };
  const failed = {
    type: 'RecordPayoutFailed' as const,
    data: { userId: 'u1', withdrawalId: 'w1', provider: 'manual', reason: 'Account closed' },
  };

  it('a successful payout sends clearing to the world, with the bank reference', () => {
    user
      .given(approvedHold)
      .when(paid)
      .then([
        {
          type: 'PayoutSucceeded',
          data: {
            userId: 'u1',
            withdrawalId: 'w1',
            amount: naira(3000),
            provider: 'manual',
            reference: 'GTB-123',
            postings: transfer(Accounts.payoutsClearing, Accounts.world, naira(3000)),
          },
        },
      ]);
  });

  it('a fee stays with the platform when the payout succeeds', () => {
    const withFee: UserEvent = {
      type: 'WithdrawalRequested',
      data: {
        userId: 'u1',
        withdrawalId: 'w1',
        balance: 'account',
        amount: naira(3000),
        fee: naira(50),
        bankDetails: bank,
        postings: transfer(Accounts.userAccount('u1'), Accounts.userHold('u1'), naira(3000)),
      },
    };
    const [event] = user
      .given([...funded, withFee, withdrawalApproved('u1', 'w1', naira(3000))])
      .when(paid)
      .then([expect.anything()]);
    expect(event).toMatchObject({
      data: {
        postings: [
          ...transfer(Accounts.payoutsClearing, Accounts.world, naira(2950)),
          ...transfer(Accounts.payoutsClearing, Accounts.withdrawalFees, naira(50)),
        ],
      },
    });
  });

  it('a failed payout returns clearing to the balance it came from', () => {
    const events = user
      .given(approvedHold)
      .when(failed)
      .then([
        {
          type: 'PayoutFailed',
          data: {
            userId: 'u1',
            withdrawalId: 'w1',
            amount: naira(3000),
            provider: 'manual',
            reason: 'Account closed',
            postings: transfer(Accounts.payoutsClearing, Accounts.userAccount('u1'), naira(3000)),
          },
        },
      ]);
    const after = user.given([...approvedHold, ...events]).state();
    expect(after.balances.account).toBe(naira(10_000));
    // The word the withdrawals read model and the user area's API use too.
    expect(after.withdrawals.get('w1')?.status).toBe('payout_failed');
  });

  it('is recorded once: same reference is a no-op, another reference or outcome a conflict', () => {
    const events = user.given(approvedHold).when(paid).then([expect.anything()]);
    const done = [...approvedHold, ...events];
    user.given(done).when(paid).thenNothing();
    user
      .given(done)
      .when({ ...paid, data: { ...paid.data, reference: 'GTB-999' } })
      .thenThrows('conflict');
    user.given(done).when(failed).thenThrows('conflict');
    const failedEvents = user.given(approvedHold).when(failed).then([expect.anything()]);
    user
      .given([...approvedHold, ...failedEvents])
      .when(failed)
      .thenNothing();
    user
      .given([...approvedHold, ...failedEvents])
      .when(paid)
      .thenThrows('conflict');
  });

  it('needs an approved withdrawal and a reference', () => {
    const pending = [...funded, withdrawalRequested('u1', 'w1', naira(3000))];
    user
      .given(pending)
      .when(paid)
      .thenThrows({ code: 'conflict', message: 'This withdrawal has not been approved yet.' });
    user.given(pending).when(failed).thenThrows('conflict');
    user
      .given(approvedHold)
      .when({ ...paid, data: { ...paid.data, reference: ' ' } })
      .thenThrows({ code: 'validation', field: 'reference' });
  });
});

describe('the hold after bank details change', () => {
  const newBank = {
    bankName: 'Zenith Bank',
    accountNum: '2233445568',
    accountName: 'Ada Obi',
    bankCode: '057',
    nameCheck: 'unchecked' as const,
  };
  /** Bank details changed at 13:05 UTC (14:05 in Lagos) on 23 Nov 2026. */
  const changed: UserEvent = {
    type: 'BankDetailsUpdated',
    data: { userId: 'u1', bankDetails: newBank, changedAt: '2026-11-23T13:05:00.000Z' },
  };
  const at = (now: string, r = rules): RequestWithdrawal => ({
    type: 'RequestWithdrawal',
    data: { userId: 'u1', withdrawalId: 'w1', type: 'withdrawal', amount: naira(2000), rules: r, now },
  });
  const message =
    'Your bank details changed recently. For your safety, withdrawals open again at 14:05 on 24 Nov 2026 ' +
    '(24 hours after the change).';

  it('refuses withdrawals for 24 hours after a change, saying when they open again (Lagos time)', () => {
    user
      .given([...funded, changed])
      .when(at('2026-11-23T13:06:00.000Z'))
      .thenThrows({ code: 'withdrawals_on_hold', message, field: 'amount' });
    user
      .given([...funded, changed])
      .when(at('2026-11-24T13:04:59.000Z'))
      .thenThrows({ code: 'withdrawals_on_hold', message });
  });

  it('opens withdrawals again once the hold has passed, paying to the new details', () => {
    const [event] = user
      .given([...funded, changed])
      .when(at('2026-11-24T13:05:00.000Z'))
      .then([expect.objectContaining({ type: 'WithdrawalRequested' }) as UserEvent]);
    expect(event!.data).toMatchObject({ bankDetails: newBank });
  });

  it('takes the length of the hold from the rules', () => {
    user
      .given([...funded, changed])
      .when(at('2026-11-23T14:00:00.000Z', { ...rules, bankChangeHoldHours: 1 }))
      .thenThrows({
        code: 'withdrawals_on_hold',
        message:
          'Your bank details changed recently. For your safety, withdrawals open again at 15:05 on 23 Nov 2026 ' +
          '(1 hour after the change).',
      });
    user
      .given([...funded, changed])
      .when(at('2026-11-23T13:05:00.000Z', { ...rules, bankChangeHoldHours: 0 }))
      .then([expect.objectContaining({ type: 'WithdrawalRequested' }) as UserEvent]);
  });

  it('does not hold withdrawals when bank details are first set', () => {
    const firstSet: UserEvent = { ...changed, data: { ...changed.data, bankDetails: bank } };
    user
      .given([registered('u1'), firstSet, credited('u1', naira(10_000), 'account', 'a1')])
      .when(at('2026-11-23T13:06:00.000Z'))
      .then([expect.objectContaining({ type: 'WithdrawalRequested' }) as UserEvent]);
  });

  it('records when the details changed, and the state keeps it only for a change', () => {
    const update = {
      type: 'UpdateBankDetails' as const,
      data: {
        userId: 'u1',
        bankCode: '057',
        accountNum: '2233445568',
        accountName: 'Ada Obi',
        now: '2026-11-23T13:05:00.000Z',
      },
    };
    user.given(funded).when(update).then([changed]);
    expect(user.given(funded).state().bankDetailsChangedAt).toBeNull();
    expect(user.given([...funded, changed]).state().bankDetailsChangedAt).toBe('2026-11-23T13:05:00.000Z');
  });
});

describe('who may approve: not the staff member who created the account or changed its balance', () => {
  const admin = (id: string) => ({ role: 'admin', id }) as const;
  const approveBy = (by: { role: 'admin' | 'finance'; id: string }) => ({
    type: 'ApproveWithdrawal' as const,
    data: { userId: 'u1', withdrawalId: 'w1', by, now: NOW, undoSeconds: 0 },
  });
  const refused = {
    code: 'forbidden' as const,
    message:
      'Another staff member must approve this withdrawal: you created this account or changed its balance.',
  };
  const createdByAdmin = (by: string): UserEvent => {
    const event = registered('u1');
    return { ...event, data: { ...event.data, by: admin(by) } } as UserEvent;
  };

  it('the admin who created the account is refused; another admin or finance may approve', () => {
    const held = [
      createdByAdmin('7'),
      bankSet('u1'),
      credited('u1', naira(10_000), 'account', 'a1'),
      withdrawalRequested('u1', 'w1', naira(3000)),
    ];
    user
      .given(held)
      .when(approveBy(admin('7')))
      .thenThrows(refused);
    user
      .given(held)
      .when(approveBy({ role: 'finance', id: '8' }))
      .then([expect.objectContaining({ type: 'WithdrawalApproved' })]);
  });

  it('the admin who posted an adjustment is refused, whatever role they approve in', () => {
    const held = [...funded, withdrawalRequested('u1', 'w1', naira(3000))];
    // funded's adjustments were posted by admin 9.
    user
      .given(held)
      .when(approveBy(admin('9')))
      .thenThrows(refused);
    user
      .given(held)
      .when(approveBy({ role: 'finance', id: '9' }))
      .thenThrows(refused);
  });

  it('for an approved request, its asker is refused and its approver is not', () => {
    const approvedRequest: UserEvent = {
      type: 'BalanceAdjusted',
      data: {
        userId: 'u1',
        adjustmentId: 'big',
        balance: 'account',
        amount: naira(100_000),
        reason: 'prize',
        by: { role: 'finance', id: 'f1' },
        requestedBy: admin('5'),
        postings: transfer(Accounts.adjustments, Accounts.userAccount('u1'), naira(100_000)),
      },
    };
    const held = [
      registered('u1'),
      bankSet('u1'),
      approvedRequest,
      withdrawalRequested('u1', 'w1', naira(3000)),
    ];
    user
      .given(held)
      .when(approveBy(admin('5')))
      .thenThrows(refused);
    user
      .given(held)
      .when(approveBy({ role: 'finance', id: 'f1' }))
      .then([expect.objectContaining({ type: 'WithdrawalApproved' })]);
  });

  it('rewards and a self sign-up involve no staff member', () => {
    const held = [
      registered('u1'),
      bankSet('u1'),
      rewarded('u1', 'c1', 's1', naira(5000)),
      withdrawalRequested('u1', 'w1', naira(3000)),
    ];
    expect(user.given(held).state().staffInvolved).toEqual([]);
    user
      .given(held)
      .when(approveBy(admin('1')))
      .then([withdrawalApproved('u1', 'w1', naira(3000))]);
  });
});
