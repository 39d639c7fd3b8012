import type { AdminUser } from './api';
import { balanceChanged, changeBody, formErrors, formOf } from './users-view';

const ada = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@kobo.ng',
  phone: '',
  accountBalance: 40,
  status: 'active',
} as AdminUser;

describe('the reason for a balance change', () => {
  it('is asked for only when the balance field holds another amount', () => {
    const form = formOf(ada);
    expect(balanceChanged(ada, { ...form, balance: '40' })).toBe(false);
    expect(balanceChanged(ada, { ...form, balance: '40.5' })).toBe(true);
    expect(formErrors({ ...form, balance: '40' }, false, ada)).toEqual({});
    expect(formErrors({ ...form, balance: '100' }, false, ada)).toEqual({
      reason: 'Please give a reason for the balance change.',
    });
    expect(formErrors({ ...form, balance: '100', reason: ' ab ' }, false, ada)).toEqual({
      reason: 'The reason must be 3 to 200 characters.',
    });
  });

  it('is sent, trimmed, with the balance', () => {
    const form = formOf(ada);
    expect(changeBody(ada, { ...form, balance: '100', reason: ' Refund ' })).toEqual({
      balance: '100',
      reason: 'Refund',
    });
    expect(changeBody(ada, { ...form, reason: 'Refund' })).toEqual({});
  });
});
