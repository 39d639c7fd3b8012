/**
 * A payout from an approved withdrawal to the user's bank: taken by the provider (Sending), held
 * for finance, moved to the manual desk, then paid, failed or, after a success, reversed; and what
 * the provider says against the ledger, recorded once per kind.
 */
import { userDecider } from '../../src/domain/user/decider';
import type { UserCommand } from '../../src/domain/user/commands';
import {
  WITHDRAWAL_STATES,
  restoreUserState,
  withdrawalStateOf,
  withdrawalStatusOf,
  type WithdrawalStatus,
} from '../../src/domain/user/state';
import { postingsOf, type UserEvent } from '../../src/domain/events';
import { Accounts, kobo, transfer } from '../../src/money';
import { specFor } from './support/spec';
import { bank, bankSet, credited, naira, NOW, registered, withdrawalApproved } from './support/fixtures';

const user = specFor(userDecider);
const finance = { role: 'finance', id: 'f1' } as const;

/** Registered (₦500 on activity), bank details set, ₦10,000 on the account balance. */
const funded: UserEvent[] = [registered('u1'), bankSet('u1'), credited('u1', naira(10_000), 'account', 'a1')];

/** ₦3,000 asked for, ₦50 of it the fee (₦2,950 goes to the bank), and approved. */
const approved: UserEvent[] = [
  ...funded,
  {
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
  },
  withdrawalApproved('u1', 'w1', naira(3000)),
];
const pending = approved.slice(0, -1);

const ids = { userId: 'u1', withdrawalId: 'w1' };
const sent = {
  type: 'RecordPayoutSent',
  data: { ...ids, provider: 'paystack', reference: 'w1', transferCode: 'TRF_1', now: NOW },
} satisfies UserCommand;
const held = {
  type: 'RecordPayoutHeld',
  data: {
    ...ids,
    provider: 'paystack',
    reason: 'Your balance is not enough to fulfil this request',
    now: NOW,
  },
} satisfies UserCommand;
const toManual = {
  type: 'MovePayoutToManual',
  data: { ...ids, by: finance, now: NOW },
} satisfies UserCommand;
const paid = {
  type: 'RecordPayoutSucceeded',
  data: { ...ids, provider: 'paystack', reference: 'TRF_1', now: NOW },
} satisfies UserCommand;
const failed = {
  type: 'RecordPayoutFailed',
  data: { ...ids, provider: 'paystack', reason: 'Could not resolve account' },
} satisfies UserCommand;
const reversed = {
  type: 'RecordPayoutReversed',
  data: { ...ids, provider: 'paystack', reason: 'Beneficiary bank returned the transfer' },
} satisfies UserCommand;
const discrepancy = {
  type: 'RecordPayoutDiscrepancy',
  data: {
    ...ids,
    provider: 'paystack',
    kind: 'success_after_failure' as const,
    detail: 'Paystack says success; the ledger recorded a failure.',
  },
} satisfies UserCommand;

const { now: _sentAt, ...sentData } = sent.data;
const { now: _heldAt, ...heldData } = held.data;
const payoutSent: UserEvent = { type: 'PayoutSent', data: sentData };
const payoutHeld: UserEvent = { type: 'PayoutHeld', data: heldData };
const movedToManual: UserEvent = {
  type: 'PayoutMovedToManual',
  data: { ...ids, from: 'provider', by: finance },
};
const payoutSucceeded: UserEvent = {
  type: 'PayoutSucceeded',
  data: {
    ...ids,
    amount: naira(3000),
    provider: 'paystack',
    reference: 'TRF_1',
    postings: [
      ...transfer(Accounts.payoutsClearing, Accounts.world, naira(2950)),
      ...transfer(Accounts.payoutsClearing, Accounts.withdrawalFees, naira(50)),
    ],
  },
};
const payoutFailed = (reason = failed.data.reason): UserEvent => ({
  type: 'PayoutFailed',
  data: {
    ...ids,
    amount: naira(3000),
    provider: 'paystack',
    reason,
    postings: transfer(Accounts.payoutsClearing, Accounts.userAccount('u1'), naira(3000)),
  },
});
const payoutReversed: UserEvent = {
  type: 'PayoutReversed',
  data: {
    ...ids,
    amount: naira(3000),
    provider: 'paystack',
    reason: reversed.data.reason,
    postings: [
      ...transfer(Accounts.world, Accounts.userAccount('u1'), naira(2950)),
      ...transfer(Accounts.withdrawalFees, Accounts.userAccount('u1'), naira(50)),
    ],
  },
};

const sending = [...approved, payoutSent];
const paidOut = [...sending, payoutSucceeded];
const onManualDesk = [...approved, payoutHeld, movedToManual];

const withdrawal = (events: UserEvent[]) => user.given(events).state().withdrawals.get('w1')!;

/** Every account's balance after the events (the platform's and the world's too). */
function ledgerBalances(events: UserEvent[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const p of events.flatMap((e) => postingsOf(e))) sums[p.account] = (sums[p.account] ?? 0) + p.amount;
  return Object.fromEntries(Object.entries(sums).filter(([, sum]) => sum !== 0));
}

describe('the provider takes the payout (PayoutSent)', () => {
  it('an approved payout becomes Sending, on the provider desk, with no postings', () => {
    user.given(approved).when(sent).then([payoutSent]);
    expect(withdrawal(sending)).toMatchObject({ status: 'sending', desk: 'provider' });
    expect(user.given(sending).state().balances).toEqual(user.given(approved).state().balances);
  });

  it('a second or late answer changes nothing: while sending, after success, failure or reversal', () => {
    user.given(sending).when(sent).thenNothing();
    user.given(paidOut).when(sent).thenNothing();
    user
      .given([...sending, payoutFailed()])
      .when(sent)
      .thenNothing();
    user
      .given([...paidOut, payoutReversed])
      .when(sent)
      .thenNothing();
  });

  it('is refused before approval, after rejection and on the manual desk', () => {
    user
      .given(pending)
      .when(sent)
      .thenThrows({ code: 'conflict', message: 'This withdrawal has not been approved yet.' });
    user
      .given([
        ...pending,
        {
          type: 'WithdrawalRejected',
          data: {
            ...ids,
            amount: naira(3000),
            reason: 'Name mismatch',
            by: { role: 'admin', id: '1' } as const,
            postings: transfer(Accounts.userHold('u1'), Accounts.userAccount('u1'), naira(3000)),
          },
        },
      ])
      .when(sent)
      .thenThrows({ code: 'conflict', message: 'This withdrawal was rejected.' });
    user
      .given(onManualDesk)
      .when(sent)
      .thenThrows({ code: 'conflict', message: 'This payout was moved to the manual desk.' });
  });

  it('clears a hold the provider had put on it', () => {
    const events = user
      .given([...approved, payoutHeld])
      .when(sent)
      .then([payoutSent]);
    expect(withdrawal([...approved, payoutHeld, ...events]).heldReason).toBeNull();
  });

  it('an unknown withdrawal is not found', () => {
    user.given(funded).when(sent).thenThrows({ code: 'not_found', message: 'Withdrawal not found.' });
  });
});

describe('the provider holds the payout for finance (PayoutHeld)', () => {
  it('keeps the status, records the provider words (trimmed), moves no money', () => {
    user
      .given(approved)
      .when({ ...held, data: { ...held.data, reason: `  ${held.data.reason} ` } })
      .then([payoutHeld]);
    expect(withdrawal([...approved, payoutHeld])).toMatchObject({
      status: 'approved',
      heldReason: held.data.reason,
    });
  });

  it('once per reason: the same words again are a no-op, other words are recorded', () => {
    user
      .given([...approved, payoutHeld])
      .when(held)
      .thenNothing();
    const otp = { ...held, data: { ...held.data, reason: 'Transfer requires OTP to continue' } };
    user
      .given([...approved, payoutHeld])
      .when(otp)
      .then([{ type: 'PayoutHeld', data: { ...heldData, reason: otp.data.reason } }]);
  });

  it('is not recorded on the manual desk or once settled', () => {
    user.given(onManualDesk).when(held).thenNothing();
    user.given(paidOut).when(held).thenNothing();
    user
      .given([...approved, payoutFailed()])
      .when(held)
      .thenNothing();
  });

  it('needs a reason and an approved withdrawal', () => {
    user
      .given(approved)
      .when({ ...held, data: { ...held.data, reason: ' ' } })
      .thenThrows({ code: 'validation', field: 'reason' });
    user.given(pending).when(held).thenThrows('conflict');
  });
});

describe('finance moves the payout to the manual desk (PayoutMovedToManual)', () => {
  it('puts a held payout on the manual desk and clears the hold', () => {
    user
      .given([...approved, payoutHeld])
      .when(toManual)
      .then([movedToManual]);
    expect(withdrawal(onManualDesk)).toMatchObject({ status: 'approved', desk: 'manual', heldReason: null });
  });

  it('once: moving it again is a no-op', () => {
    user.given(onManualDesk).when(toManual).thenNothing();
  });

  it('is refused once the payout has settled, and before approval', () => {
    const settled = { code: 'conflict', message: 'This payout has already settled.' } as const;
    user.given(paidOut).when(toManual).thenThrows(settled);
    user
      .given([...approved, payoutFailed()])
      .when(toManual)
      .thenThrows(settled);
    user
      .given([...paidOut, payoutReversed])
      .when(toManual)
      .thenThrows(settled);
    user
      .given(pending)
      .when(toManual)
      .thenThrows({ code: 'conflict', message: 'This withdrawal has not been approved yet.' });
  });

  it('finance then marks it paid by hand', () => {
    const byHand = { ...paid, data: { ...paid.data, provider: 'manual', reference: 'GTB-123' } };
    const [event] = user
      .given(onManualDesk)
      .when(byHand)
      .then([expect.objectContaining({ type: 'PayoutSucceeded' }) as UserEvent]);
    expect(event!.data).toMatchObject({ provider: 'manual', reference: 'GTB-123' });
  });
});

describe('the payout succeeds (PayoutSucceeded)', () => {
  it('from approved and from sending: clearing to the world, the fee to withdrawal fees', () => {
    user.given(approved).when(paid).then([payoutSucceeded]);
    user.given(sending).when(paid).then([payoutSucceeded]);
    expect(withdrawal(paidOut)).toMatchObject({ status: 'paid', reference: 'TRF_1', heldReason: null });
  });

  it('clears the hold of a held payout', () => {
    const events = user
      .given([...approved, payoutHeld])
      .when(paid)
      .then([payoutSucceeded]);
    expect(withdrawal([...approved, payoutHeld, ...events]).heldReason).toBeNull();
  });

  it('the same reference again is a no-op, another reference a conflict naming the first', () => {
    user.given(paidOut).when(paid).thenNothing();
    user
      .given(paidOut)
      .when({ ...paid, data: { ...paid.data, reference: ' TRF_1 ' } })
      .thenNothing();
    user
      .given(paidOut)
      .when({ ...paid, data: { ...paid.data, reference: 'TRF_2' } })
      .thenThrows({
        code: 'conflict',
        message: 'This payout was already recorded as paid with reference TRF_1.',
      });
  });

  it('is refused after a failure or a reversal', () => {
    user
      .given([...sending, payoutFailed()])
      .when(paid)
      .thenThrows({ code: 'conflict', message: 'This payout was already recorded as failed.' });
    user
      .given([...paidOut, payoutReversed])
      .when(paid)
      .thenThrows({ code: 'conflict', message: 'This payout was already reversed.' });
  });
});

describe('the payout fails (PayoutFailed)', () => {
  it('from sending, returns the whole amount (fee included) to the balance it came from, once', () => {
    const events = user.given(sending).when(failed).then([payoutFailed()]);
    const after = [...sending, ...events];
    expect(user.given(after).state().balances.account).toBe(naira(10_000));
    expect(withdrawal(after)).toMatchObject({ status: 'payout_failed', heldReason: null });
    user.given(after).when(failed).thenNothing();
  });

  it('clears the hold of a held payout', () => {
    const events = user
      .given([...approved, payoutHeld])
      .when(failed)
      .then([payoutFailed()]);
    expect(withdrawal([...approved, payoutHeld, ...events]).heldReason).toBeNull();
  });

  it('is refused after the payout was paid, and a no-op after a reversal', () => {
    user
      .given(paidOut)
      .when(failed)
      .thenThrows({ code: 'conflict', message: 'This payout was already recorded as paid.' });
    user
      .given([...paidOut, payoutReversed])
      .when(failed)
      .thenNothing();
  });

  it('needs a reason', () => {
    user
      .given(sending)
      .when({ ...failed, data: { ...failed.data, reason: '' } })
      .thenThrows({ code: 'validation', field: 'reason' });
  });
});

describe('the bank sends a paid payout back (PayoutReversed)', () => {
  it('returns the amount less the fee from the world and the fee from withdrawal fees', () => {
    user.given(paidOut).when(reversed).then([payoutReversed]);
    expect(withdrawal([...paidOut, payoutReversed]).status).toBe('reversed');
  });

  it('puts every balance back where it was before the withdrawal', () => {
    const before = ledgerBalances(funded);
    const after = [...paidOut, payoutReversed];
    expect(ledgerBalances(after)).toEqual(before);
    expect(user.given(after).state().balances).toEqual(user.given(funded).state().balances);
  });

  it('is recorded once: a second reversal is a no-op', () => {
    user
      .given([...paidOut, payoutReversed])
      .when(reversed)
      .thenNothing();
  });

  it('before any success, returns the money as a failed payout, once', () => {
    for (const unsettled of [approved, sending]) {
      const events = user
        .given(unsettled)
        .when(reversed)
        .then([payoutFailed(reversed.data.reason)]);
      const after = [...unsettled, ...events];
      expect(withdrawal(after).status).toBe('payout_failed');
      expect(ledgerBalances(after)).toEqual(ledgerBalances(funded));
      user.given(after).when(reversed).thenNothing();
      user.given(after).when(failed).thenNothing();
    }
  });

  it('a reversal after a failure is a no-op', () => {
    user
      .given([...sending, payoutFailed()])
      .when(reversed)
      .thenNothing();
  });

  it('needs a reason and an approved withdrawal', () => {
    user
      .given(paidOut)
      .when({ ...reversed, data: { ...reversed.data, reason: ' ' } })
      .thenThrows({ code: 'validation', field: 'reason' });
    user.given(pending).when(reversed).thenThrows('conflict');
  });
});

describe('a discrepancy with the provider (PayoutDiscrepancyFound)', () => {
  const discrepancyFound: UserEvent = { type: 'PayoutDiscrepancyFound', data: discrepancy.data };
  const mismatch = {
    ...discrepancy,
    data: { ...discrepancy.data, kind: 'amount_mismatch' as const, detail: 'Paystack sent ₦2,900.00.' },
  };

  it('is recorded with no postings, once per kind', () => {
    const failedThenFound = [...sending, payoutFailed(), discrepancyFound];
    user
      .given([...sending, payoutFailed()])
      .when(discrepancy)
      .then([discrepancyFound]);
    user.given(failedThenFound).when(discrepancy).thenNothing();
    user
      .given(failedThenFound)
      .when(mismatch)
      .then([{ type: 'PayoutDiscrepancyFound', data: mismatch.data }]);
    const both = [...failedThenFound, { type: 'PayoutDiscrepancyFound', data: mismatch.data } as UserEvent];
    expect(withdrawal(both).discrepancies).toEqual(['success_after_failure', 'amount_mismatch']);
    user.given(both).when(mismatch).thenNothing();
    expect(user.given(both).state().balances).toEqual(user.given(funded).state().balances);
  });

  it('an unknown withdrawal is not found', () => {
    user.given(funded).when(discrepancy).thenThrows('not_found');
  });
});

describe('deleting an account with a payout in progress', () => {
  const deleteUser = {
    type: 'DeleteUser',
    data: { userId: 'u1', by: { role: 'user', id: 'u1' } as const },
  } satisfies UserCommand;
  const inProgress = {
    code: 'conflict',
    message: 'A withdrawal is still being processed; the account can be deleted once it is paid or rejected.',
  } as const;

  it('is refused while the payout is approved, held or Sending', () => {
    user.given(approved).when(deleteUser).thenThrows(inProgress);
    user
      .given([...approved, payoutHeld])
      .when(deleteUser)
      .thenThrows(inProgress);
    user.given(sending).when(deleteUser).thenThrows(inProgress);
  });

  it('is allowed once the payout has settled', () => {
    for (const settled of [paidOut, [...sending, payoutFailed()], [...paidOut, payoutReversed]])
      user
        .given(settled)
        .when(deleteUser)
        // It names the withdrawal, whose bank details the read models forget with the person.
        .then([{ type: 'UserDeleted', data: { ...deleteUser.data, withdrawalIds: ['w1'] } }]);
  });

  const deleted: UserEvent = { type: 'UserDeleted', data: { ...deleteUser.data, withdrawalIds: ['w1'] } };

  it('a paid payout the bank sends back afterwards returns the money to the deleted account, once', () => {
    const deletedAfterPaid = [...paidOut, deleted];
    user.given(deletedAfterPaid).when(reversed).then([payoutReversed]);
    const after = [...deletedAfterPaid, payoutReversed];
    expect(withdrawal(after).status).toBe('reversed');
    expect(ledgerBalances(after)).toEqual(ledgerBalances(funded));
    user.given(after).when(reversed).thenNothing();
  });

  it('what the provider says of a settled payout afterwards is recorded as for any account', () => {
    const deletedAfterPaid = [...paidOut, deleted];
    // The same success again: nothing; a contradiction: listed for finance.
    user.given(deletedAfterPaid).when(paid).thenNothing();
    user.given(deletedAfterPaid).when(failed).thenThrows('conflict');
    user
      .given(deletedAfterPaid)
      .when(discrepancy)
      .then([{ type: 'PayoutDiscrepancyFound', data: discrepancy.data }]);
    // A withdrawal the account never had is still not found.
    user
      .given(deletedAfterPaid)
      .when({ ...reversed, data: { ...reversed.data, withdrawalId: 'w2' } })
      .thenThrows({ code: 'not_found', message: 'Withdrawal not found.' });
  });
});

describe('the one vocabulary of withdrawal states', () => {
  const table: [WithdrawalStatus, string][] = [
    ['pending', 'requested'],
    ['approved', 'approved'],
    ['sending', 'sending'],
    ['paid', 'paid'],
    ['payout_failed', 'failed'],
    ['rejected', 'declined'],
    ['reversed', 'reversed'],
  ];

  it('each status has its state, and each state its status (a round trip both ways)', () => {
    for (const [status, state] of table) {
      expect(withdrawalStateOf(status)).toBe(state);
      expect(withdrawalStatusOf(withdrawalStateOf(status))).toBe(status);
    }
    expect([...WITHDRAWAL_STATES].sort()).toEqual(table.map(([, state]) => state).sort());
    for (const state of WITHDRAWAL_STATES) expect(withdrawalStateOf(withdrawalStatusOf(state))).toBe(state);
  });
});

test('a user state with payouts reads back from its snapshot as the state it was saved from', () => {
  const events = [
    ...paidOut,
    { type: 'PayoutDiscrepancyFound', data: { ...discrepancy.data, kind: 'amount_mismatch' } } as UserEvent,
  ];
  const state = user.given(events).state();
  const restored = restoreUserState(JSON.parse(JSON.stringify(state)));
  expect(restored.withdrawals.toJS()).toEqual(state.withdrawals.toJS());
  expect(restored.balances).toEqual(state.balances);
  expect(kobo(restored.balances.account)).toBe(naira(7000));
});
