/** Balance changes that wait for a finance user's approval (separation of duties). */
import type { Actor } from '../../src/domain/actor';
import type { UserEvent } from '../../src/domain/events';
import { userDecider } from '../../src/domain/user/decider';
import { Accounts, kobo, transfer } from '../../src/money';
import { specFor } from './support/spec';
import { credited, naira, registered } from './support/fixtures';

const user = specFor(userDecider);

const requested = (amount = naira(60_000)): UserEvent => ({
  type: 'BalanceAdjustmentRequested',
  data: {
    userId: 'u1',
    adjustmentId: 'a1',
    balance: 'account',
    amount,
    reason: 'Campaign refund',
    by: { role: 'admin', id: '1' } as const,
  },
});
const finance: Actor = { role: 'finance', id: 'f1' };
const approve = (by: Actor = finance) => ({
  type: 'ApproveBalanceAdjustment' as const,
  data: { userId: 'u1', adjustmentId: 'a1', by },
});
const reject = (reason = 'Not agreed') => ({
  type: 'RejectBalanceAdjustment' as const,
  data: { userId: 'u1', adjustmentId: 'a1', reason, by: finance },
});
const approvedEvent = (amount = naira(60_000)): UserEvent => ({
  type: 'BalanceAdjusted',
  data: {
    userId: 'u1',
    adjustmentId: 'a1',
    balance: 'account',
    amount,
    reason: 'Campaign refund',
    by: finance,
    requestedBy: { role: 'admin', id: '1' },
    postings: transfer(Accounts.adjustments, Accounts.userAccount('u1'), amount),
  },
});

describe('balance adjustments waiting for approval', () => {
  it('records a request without moving money; asking again is a no-op', () => {
    const ask = {
      type: 'RequestBalanceAdjustment' as const,
      data: {
        userId: 'u1',
        adjustmentId: 'a1',
        balance: 'account' as const,
        amount: naira(60_000),
        reason: ' Campaign refund ',
        by: { role: 'admin', id: '1' } as const,
      },
    };
    user
      .given([registered('u1')])
      .when(ask)
      .then([requested()]);
    user
      .given([registered('u1'), requested()])
      .when(ask)
      .thenNothing();
    user
      .given([registered('u1')])
      .when({ ...ask, data: { ...ask.data, amount: kobo(-100) } })
      .thenThrows('insufficient_balance');
  });

  it('posts the change on a finance approval, naming who asked and who approved; again is a no-op', () => {
    user
      .given([registered('u1'), requested()])
      .when(approve())
      .then([approvedEvent()]);
    user
      .given([registered('u1'), requested(), approvedEvent()])
      .when(approve())
      .thenNothing();
  });

  it('refuses an approval by the one who asked, in whatever role', () => {
    user
      .given([registered('u1'), requested()])
      .when(approve({ role: 'finance', id: '1' }))
      .thenThrows('forbidden');
  });

  it('checks the balance again at approval', () => {
    const spentMeanwhile: UserEvent = {
      type: 'BalanceAdjusted',
      data: {
        userId: 'u1',
        adjustmentId: 'a0',
        balance: 'account',
        amount: kobo(-naira(100)),
        reason: 'correction',
        by: { role: 'admin', id: '1' } as const,
        postings: transfer(Accounts.userAccount('u1'), Accounts.adjustments, naira(100)),
      },
    };
    user
      .given([registered('u1'), credited('u1', naira(100)), requested(kobo(-naira(100))), spentMeanwhile])
      .when(approve())
      .thenThrows('insufficient_balance');
  });

  it('rejects with a reason and posts nothing; a decided change cannot be decided the other way', () => {
    const rejected: UserEvent = {
      type: 'BalanceAdjustmentRejected',
      data: { userId: 'u1', adjustmentId: 'a1', reason: 'Not agreed', by: finance },
    };
    user
      .given([registered('u1'), requested()])
      .when(reject())
      .then([rejected]);
    user
      .given([registered('u1'), requested()])
      .when(reject(' '))
      .thenThrows('validation');
    user
      .given([registered('u1'), requested(), rejected])
      .when(reject())
      .thenNothing();
    user
      .given([registered('u1'), requested(), rejected])
      .when(approve())
      .thenThrows('conflict');
    user
      .given([registered('u1'), requested(), approvedEvent()])
      .when(reject())
      .thenThrows('conflict');
    user
      .given([registered('u1')])
      .when(approve())
      .thenThrows('not_found');
  });

  it('lets finance neither approve nor reject a request a later balance edit replaced', () => {
    const replaced: UserEvent = {
      type: 'BalanceAdjustmentRejected',
      data: {
        userId: 'u1',
        adjustmentId: 'a1',
        reason: 'Replaced by a later balance change.',
        by: { role: 'admin', id: '2' },
        replacedBy: 'a2',
      },
    };
    const given = user.given([registered('u1'), requested(), replaced]);
    expect(given.state().adjustmentRequests.get('a1')?.state).toBe('replaced');
    const message = 'This balance change was replaced by a later balance change.';
    given.when(approve()).thenThrows({ code: 'conflict', message });
    given.when(reject()).thenThrows({ code: 'conflict', message });
  });
});
