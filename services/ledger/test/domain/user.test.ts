import { userDecider } from '../../src/domain/user/decider';
import { SPEC_BANKS } from '../../src/domain/banks';
import type { BankDetails, UserEvent } from '../../src/domain/events';
import type { RegisterUser, UpdateBankDetails } from '../../src/domain/user/commands';
import { Accounts, kobo, transfer } from '../../src/money';
import { specFor } from './support/spec';
import {
  bank,
  bankCommand,
  bankSet,
  credited,
  naira,
  registered,
  NOW,
  rules,
  withdrawalApproved,
  withdrawalRequested,
} from './support/fixtures';

const user = specFor(userDecider);

const registration = (overrides: Partial<RegisterUser['data']> = {}): RegisterUser => ({
  type: 'RegisterUser',
  data: {
    userId: 'u1',
    firstName: 'aDA',
    lastName: ' obi ',
    username: 'ada_obi',
    email: 'Ada@Example.NG ',
    phone: '08030000000',
    role: 'user',
    referralCode: 'ADA123',
    referredBy: 'u0',
    rules,
    ...overrides,
  },
});

describe('registering a user', () => {
  it('credits the signup bonus to the activity balance from bonus expense, and stores names capitalised', () => {
    user
      .given([])
      .when(registration())
      .then([
        {
          type: 'UserRegistered',
          data: {
            userId: 'u1',
            firstName: 'Ada',
            lastName: 'Obi',
            username: 'ada_obi',
            email: 'ada@example.ng',
            phone: '08030000000',
            role: 'user',
            referralCode: 'ADA123',
            referredBy: 'u0',
            signupBonus: naira(500),
            postings: transfer(Accounts.bonusExpense, Accounts.userActivity('u1'), naira(500)),
          },
        },
      ]);
  });

  it('gives no bonus to staff roles', () => {
    const [event] = user
      .given([])
      .when(registration({ role: 'admin' }))
      .then([expect.anything()]);
    expect(event).toMatchObject({ data: { role: 'admin', signupBonus: 0, postings: [] } });
  });

  it('gives no bonus when the configured bonus is zero', () => {
    const [event] = user
      .given([])
      .when(registration({ rules: { ...rules, signupBonus: kobo(0) } }))
      .then([expect.anything()]);
    expect(event).toMatchObject({ data: { signupBonus: 0, postings: [] } });
  });

  it('balances become the bonus', () => {
    const state = user.given([registered('u1')]).state();
    expect(state.balances).toEqual({ account: 0, activity: naira(500), hold: 0 });
  });

  it('refuses a short username', () => {
    user
      .given([])
      .when(registration({ username: 'ab' }))
      .thenThrows({
        code: 'validation',
        message: 'Username must be at least 3 characters',
        field: 'username',
      });
  });

  it.each([
    ['firstName', 'First name is required.'],
    ['lastName', 'Last name is required.'],
    ['email', 'Email is required.'],
  ] as const)('requires %s', (field, message) => {
    user
      .given([])
      .when(registration({ [field]: '  ' }))
      .thenThrows({ code: 'validation', message, field });
  });

  it('refuses an email that is not one', () => {
    user
      .given([])
      .when(registration({ email: 'ada.example.ng' }))
      .thenThrows({
        code: 'validation',
        message: 'Please enter a valid email address.',
      });
  });

  // The rules sign-up's form already kept: the decider keeps them for every caller (person.ts).
  it.each([
    [
      'username',
      { username: 'аdа_obi' },
      'Username may only contain letters, numbers, dots, hyphens and underscores',
    ],
    ['email', { email: 'tυndе@example.ng' }, 'Please enter a valid email address.'],
    ['firstName', { firstName: 'A'.repeat(200) }, 'First name must be at most 50 characters'],
    [
      'lastName',
      { lastName: 'Obi\u202Egnp.exe' },
      'Last name may only contain letters, numbers, spaces, hyphens, dots and apostrophes',
    ],
    ['phone', { phone: '<script>alert(1)</script>' }, 'Please enter a valid phone number.'],
  ] as const)('refuses a %s that breaks the person rules', (field, overrides, message) => {
    user.given([]).when(registration(overrides)).thenThrows({ code: 'validation', message, field });
  });

  it('takes names in any script, and a staff registration without a phone', () => {
    const [event] = user
      .given([])
      .when(registration({ firstName: 'Ọláolúwa', lastName: "N'Diaye-Алексеева", phone: '' }))
      .then([expect.anything()]);
    expect(event).toMatchObject({
      data: { firstName: 'Ọláolúwa', lastName: "N'diaye-алексеева", phone: '' },
    });
  });

  it('the same registration again is a no-op; a different one for the same id is a conflict', () => {
    const done = user.given([]).when(registration()).then([expect.anything()]);
    user
      .given(done as never)
      .when(registration())
      .thenNothing();
    user
      .given(done as never)
      .when(registration({ username: 'someone_else' }))
      .thenThrows('conflict');
  });
});

describe('profile', () => {
  it('records only the fields that change, capitalising names', () => {
    user
      .given([registered('u1')])
      .when({
        type: 'UpdateProfile',
        data: { userId: 'u1', firstName: 'CHIOMA', lastName: 'Obi', phone: '08090000000' },
      })
      .then([
        { type: 'UserProfileUpdated', data: { userId: 'u1', firstName: 'Chioma', phone: '08090000000' } },
      ]);
  });

  it.each([
    ['email', 'tυndе@example.ng', 'Please enter a valid email address.'],
    ['firstName', 'B'.repeat(51), 'First name must be at most 50 characters'],
    [
      'lastName',
      'Obi\u202E',
      'Last name may only contain letters, numbers, spaces, hyphens, dots and apostrophes',
    ],
    ['phone', '<script>alert(1)</script>', 'Please enter a valid phone number.'],
    ['phone', '0803', 'Please enter a valid phone number.'],
  ] as const)('refuses a %s the sign-up would refuse (%s)', (field, value, message) => {
    user
      .given([registered('u1')])
      .when({ type: 'UpdateProfile', data: { userId: 'u1', [field]: value } })
      .thenThrows({ code: 'validation', message, field });
  });

  it('is a no-op when nothing changes', () => {
    user
      .given([registered('u1')])
      .when({ type: 'UpdateProfile', data: { userId: 'u1', firstName: 'Ada', lastName: 'Obi' } })
      .thenNothing();
  });

  it('refuses an empty field', () => {
    user
      .given([registered('u1')])
      .when({ type: 'UpdateProfile', data: { userId: 'u1', firstName: 'Ada', phone: '' } })
      .thenThrows({
        code: 'validation',
        message: 'Please fill in all fields before updating.',
        field: 'phone',
      });
  });
});

describe('bank details', () => {
  const update = (d: Partial<UpdateBankDetails['data']>): UpdateBankDetails => ({
    type: 'UpdateBankDetails',
    data: { userId: 'u1', ...bankCommand, now: NOW, ...d },
  });
  const stored = (details: BankDetails): UserEvent => ({
    type: 'BankDetailsUpdated',
    data: { userId: 'u1', bankDetails: details, changedAt: NOW },
  });

  it('stores the bank by its code, with the name the list gives that code', () => {
    expect(SPEC_BANKS).toHaveLength(20);
    user
      .given([registered('u1')])
      .when(update({ bankCode: '057', accountNum: '2233445568', bankName: 'Zenith' }))
      .then([
        stored({
          bankName: 'Zenith Bank',
          accountNum: '2233445568',
          accountName: 'Ada Obi',
          bankCode: '057',
          nameCheck: 'unchecked',
        }),
      ]);
  });

  it('records a name the bank holds as resolved', () => {
    user
      .given([registered('u1')])
      .when(update({ nameCheck: 'resolved' }))
      .then([stored({ ...bank, bankCode: '50211', nameCheck: 'resolved' })]);
  });

  it("stores a payout provider's name for a bank only the provider lists", () => {
    user
      .given([registered('u1')])
      .when(update({ bankCode: '50931', bankName: 'Bowen Microfinance Bank' }))
      .then([
        stored({
          ...bank,
          bankName: 'Bowen Microfinance Bank',
          bankCode: '50931',
          nameCheck: 'unchecked',
        }),
      ]);
  });

  it.each(['bankCode', 'accountNum', 'accountName'] as const)('requires %s', (field) => {
    user
      .given([registered('u1')])
      .when(update({ [field]: ' ' }))
      .thenThrows({ code: 'validation', message: 'Please fill in all bank details before updating.' });
  });

  it('refuses a code that is in no list', () => {
    user
      .given([registered('u1')])
      .when(update({ bankCode: '999' }))
      .thenThrows({
        code: 'validation',
        message: 'Please choose your bank from the list.',
        field: 'bankCode',
      });
  });

  it('refuses an account number that is not 10 digits', () => {
    user
      .given([registered('u1')])
      .when(update({ accountNum: '12345' }))
      .thenThrows({ code: 'validation', message: 'Account number must be 10 digits.' });
  });

  it('refuses an account number whose NUBAN check digit is wrong for the bank', () => {
    user
      .given([registered('u1')])
      .when(update({ bankCode: '044', accountNum: '0123456789' }))
      .thenThrows({
        code: 'validation',
        message: 'This account number is not valid for Access Bank. Check it and try again.',
        field: 'accountNum',
      });
    user
      .given([registered('u1')])
      .when(update({ bankCode: '044', accountNum: '0123456784' }))
      .then([expect.objectContaining({ type: 'BankDetailsUpdated' }) as UserEvent]);
  });

  it('accepts a phone-number account at a wallet, whose numbers have no check digit', () => {
    for (const bankCode of ['999992', '999991', '50515', '50211', '51318'])
      user
        .given([registered('u1')])
        .when(update({ bankCode, accountNum: '8031234567' }))
        .then([expect.objectContaining({ type: 'BankDetailsUpdated' }) as UserEvent]);
  });

  it.each(['0000000000', '1111111111'])('refuses %s at every bank', (accountNum) => {
    for (const bankCode of ['044', '999992', '50211'])
      user
        .given([registered('u1')])
        .when(update({ bankCode, accountNum }))
        .thenThrows({ code: 'validation', field: 'accountNum' });
  });

  it('the same details again are a no-op, also against details stored before codes were kept', () => {
    user
      .given([registered('u1'), bankSet('u1')])
      .when(update({}))
      .thenNothing();
  });
});

describe('password, role and status', () => {
  it('records a password change without the password', () => {
    user
      .given([registered('u1')])
      .when({ type: 'ChangePassword', data: { userId: 'u1' } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1' } }]);
  });

  it('sets a role, and setting the same role again is a no-op', () => {
    const events = user
      .given([registered('u1')])
      .when({ type: 'SetUserRole', data: { userId: 'u1', role: 'finance' } })
      .then([{ type: 'UserRoleSet', data: { userId: 'u1', role: 'finance' } }]);
    user
      .given([registered('u1'), ...events])
      .when({ type: 'SetUserRole', data: { userId: 'u1', role: 'finance' } })
      .thenNothing();
  });

  it('sets a status', () => {
    user
      .given([registered('u1')])
      .when({
        type: 'SetUserStatus',
        data: { userId: 'u1', status: 'suspended', by: { role: 'admin', id: '1' } as const },
      })
      .then([
        {
          type: 'UserStatusSet',
          data: { userId: 'u1', status: 'suspended', by: { role: 'admin', id: '1' } as const },
        },
      ]);
  });

  it('refuses commands on a user that does not exist', () => {
    user
      .given([])
      .when({ type: 'ChangePassword', data: { userId: 'u1' } })
      .thenThrows({ code: 'not_found', message: 'User not found.' });
  });
});

describe('deleting a user', () => {
  const del = {
    type: 'DeleteUser' as const,
    data: { userId: 'u1', by: { role: 'user', id: 'u1' } as const },
  };
  const deleted = {
    type: 'UserDeleted' as const,
    data: { userId: 'u1', by: { role: 'user', id: 'u1' } as const, withdrawalIds: [] },
  };

  it('deletes, and every later command is refused', () => {
    user
      .given([registered('u1')])
      .when(del)
      .then([deleted]);
    const gone = user.given([registered('u1'), deleted]);
    gone.when({ type: 'ChangePassword', data: { userId: 'u1' } }).thenThrows('not_found');
    gone
      .when({ type: 'UpdateBankDetails', data: { userId: 'u1', ...bankCommand, now: NOW } })
      .thenThrows('not_found');
    gone
      .when({
        type: 'RequestWithdrawal',
        data: { userId: 'u1', withdrawalId: 'w1', type: 'withdrawal', amount: naira(2000), rules, now: NOW },
      })
      .thenThrows('not_found');
    gone
      .when({
        type: 'AdjustBalance',
        data: {
          userId: 'u1',
          adjustmentId: 'a1',
          balance: 'account',
          amount: naira(1),
          reason: 'x',
          by: { role: 'admin', id: '1' } as const,
        },
      })
      .thenThrows('not_found');
  });

  it("carries the admin's reason on the event", () => {
    const admin = { role: 'admin', id: 'a1' } as const;
    user
      .given([registered('u1')])
      .when({ type: 'DeleteUser', data: { userId: 'u1', by: admin, reason: 'Asked by email to close it' } })
      .then([
        {
          type: 'UserDeleted',
          data: { userId: 'u1', by: admin, withdrawalIds: [], reason: 'Asked by email to close it' },
        },
      ]);
  });

  it('deleting again is a no-op', () => {
    user
      .given([registered('u1'), deleted])
      .when(del)
      .thenNothing();
  });

  it('waits for a withdrawal in progress to finish', () => {
    const busy = [
      registered('u1'),
      bankSet('u1'),
      credited('u1', naira(5000)),
      withdrawalRequested('u1', 'w1', naira(2000)),
    ];
    user.given(busy).when(del).thenThrows('conflict');
    user
      .given([...busy, withdrawalApproved('u1', 'w1', naira(2000))])
      .when(del)
      .thenThrows('conflict');
  });
});

describe('balance adjustments', () => {
  const adjust = (amount: number, balance: 'account' | 'activity' = 'account', adjustmentId = 'a1') => ({
    type: 'AdjustBalance' as const,
    data: {
      userId: 'u1',
      adjustmentId,
      balance,
      amount: kobo(amount),
      reason: 'goodwill',
      by: { role: 'admin', id: '1' } as const,
    },
  });

  it('credits from the adjustments account', () => {
    user
      .given([registered('u1')])
      .when(adjust(naira(100)))
      .then([
        {
          type: 'BalanceAdjusted',
          data: {
            userId: 'u1',
            adjustmentId: 'a1',
            balance: 'account',
            amount: naira(100),
            reason: 'goodwill',
            by: { role: 'admin', id: '1' } as const,
            postings: transfer(Accounts.adjustments, Accounts.userAccount('u1'), naira(100)),
          },
        },
      ]);
  });

  it('debits to the adjustments account, down to zero and not below', () => {
    const [event] = user
      .given([registered('u1')])
      .when(adjust(-naira(500), 'activity'))
      .then([expect.anything()]);
    expect(event).toMatchObject({
      data: { postings: transfer(Accounts.userActivity('u1'), Accounts.adjustments, naira(500)) },
    });
    user
      .given([registered('u1')])
      .when(adjust(-naira(500) - 1, 'activity'))
      .thenThrows('insufficient_balance');
    user
      .given([registered('u1')])
      .when(adjust(-1, 'account'))
      .thenThrows('insufficient_balance');
  });

  it('the same adjustment id again is a no-op', () => {
    user
      .given([registered('u1'), credited('u1', naira(100), 'account', 'a1')])
      .when(adjust(naira(100)))
      .thenNothing();
  });

  it('refuses zero and a missing reason', () => {
    user
      .given([registered('u1')])
      .when(adjust(0))
      .thenThrows('validation');
    user
      .given([registered('u1')])
      .when({ ...adjust(100), data: { ...adjust(100).data, reason: ' ' } })
      .thenThrows({ code: 'validation', field: 'reason' });
  });
});

describe('rewards and referral bonuses', () => {
  it('a reward moves escrow to the chosen balance', () => {
    user
      .given([registered('u1')])
      .when({
        type: 'CreditReward',
        data: {
          userId: 'u1',
          campaignId: 'c1',
          submissionId: 's1',
          balance: 'activity',
          amount: naira(30),
          title: 'Join',
        },
      })
      .then([
        {
          type: 'RewardCredited',
          data: {
            userId: 'u1',
            campaignId: 'c1',
            submissionId: 's1',
            balance: 'activity',
            amount: naira(30),
            title: 'Join',
            postings: transfer(Accounts.campaignEscrow('c1'), Accounts.userActivity('u1'), naira(30)),
          },
        },
      ]);
  });

  const bonus = {
    type: 'CreditReferralBonus' as const,
    data: { userId: 'r1', referredUserId: 'u1', amount: naira(200) },
  };

  it('a referral bonus moves bonus expense to the account balance, once per referred user', () => {
    const events = user
      .given([registered('r1')])
      .when(bonus)
      .then([
        {
          type: 'ReferralBonusCredited',
          data: {
            userId: 'r1',
            referredUserId: 'u1',
            amount: naira(200),
            postings: transfer(Accounts.bonusExpense, Accounts.userAccount('r1'), naira(200)),
          },
        },
      ]);
    user
      .given([registered('r1'), ...events])
      .when(bonus)
      .thenNothing();
  });

  it('a deleted referrer gets no bonus', () => {
    user
      .given([
        registered('r1'),
        { type: 'UserDeleted', data: { userId: 'r1', by: { role: 'user', id: 'r1' } as const } },
      ])
      .when(bonus)
      .thenNothing();
  });
});
