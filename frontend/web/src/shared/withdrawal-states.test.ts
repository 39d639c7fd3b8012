import {
  BANK_DETAILS_PATH,
  isMoneyReturned,
  maskedAccount,
  needsBankCheck,
  returnReason,
  WITHDRAWAL_STATES,
  withdrawalReference,
  withdrawalStateLook,
  withdrawalStory,
} from './withdrawal-states';

describe('the one vocabulary of withdrawal states', () => {
  it('names every state as the product does, in the order a withdrawal moves', () => {
    expect(WITHDRAWAL_STATES.map((state) => withdrawalStateLook(state).label)).toEqual([
      'Requested',
      'Approved',
      'Sending',
      'Paid',
      'Failed',
      'Declined',
      'Reversed',
    ]);
  });

  it('says the money is back for failed, declined and reversed, and only for them', () => {
    const returned = WITHDRAWAL_STATES.filter(isMoneyReturned);
    expect(returned).toEqual(['failed', 'declined', 'reversed']);
    for (const state of returned) {
      expect(withdrawalStateLook(state).money).toBe('The money is back on your balance.');
      expect(withdrawalStateLook(state).moneyShort).toBe('money returned');
    }
    for (const state of ['requested', 'approved', 'sending', 'paid'] as const)
      expect(withdrawalStateLook(state).money).not.toMatch(/back on your balance/);
  });

  it('gives each state an intent and an icon; a paid withdrawal reads as success', () => {
    for (const state of WITHDRAWAL_STATES) {
      expect(withdrawalStateLook(state).intent).toBeTruthy();
      expect(withdrawalStateLook(state).icon).toBeTruthy();
    }
    expect(withdrawalStateLook('paid').intent).toBe('success');
    expect(withdrawalStateLook('requested').intent).toBe('warning');
  });

  it('reads a state it does not know as itself, neutral, instead of breaking the page', () => {
    const look = withdrawalStateLook('queued_at_bank' as never);
    expect(look).toMatchObject({ label: 'queued_at_bank', intent: 'none', moneyReturned: false });
  });

  it('sends a failed or reversed payout to the bank details, not a declined request', () => {
    expect(WITHDRAWAL_STATES.filter(needsBankCheck)).toEqual(['failed', 'reversed']);
    expect(BANK_DETAILS_PATH).toBe('/dashboard/settings?tab=bank');
  });

  it('gives short references and masked accounts, never the raw id or the whole number', () => {
    expect(withdrawalReference('3f9a2c71-5d0e-4b8a-9c1f-2e3d4c5b6a79')).toBe('W-3F9A2C');
    expect(maskedAccount('0131234567')).toBe('••4567');
    expect(maskedAccount('123')).toBe('123');
  });

  it("leaves out a reason's own word that the money is back, which the story says once", () => {
    const failed = {
      state: 'failed' as const,
      failureReason:
        'The bank transfer did not go through: Account number is invalid. The money is back on your balance.',
      failedAt: '2026-11-21T10:00:00.000Z',
    };
    expect(returnReason(failed)).toBe('The bank transfer did not go through: Account number is invalid.');
    expect(withdrawalStory(failed).match(/The money is back on your balance/g)).toHaveLength(1);
  });

  it('reads the reason that goes with the state', () => {
    const reasons = {
      rejectionReason: 'Name does not match',
      failureReason: 'Account closed',
      reversalReason: 'Returned by the bank',
    };
    expect(returnReason({ state: 'declined', ...reasons })).toBe('Name does not match');
    expect(returnReason({ state: 'failed', ...reasons })).toBe('Account closed');
    expect(returnReason({ state: 'reversed', ...reasons })).toBe('Returned by the bank');
    expect(returnReason({ state: 'paid', ...reasons })).toBeNull();
    expect(returnReason({ state: 'failed', failureReason: '  ' })).toBeNull();
  });
});

describe("a withdrawal's story, as its owner follows it", () => {
  it('requested: on hold, waiting for approval', () => {
    expect(withdrawalStory({ state: 'requested' })).toMatch(/on hold.*approval/);
  });

  it('approved and sending: with the date, on its way', () => {
    expect(withdrawalStory({ state: 'approved', approvedAt: '2026-11-21T10:00:00Z' })).toBe(
      'Approved on 21 Nov 2026. The payout desk is sending it to your bank.',
    );
    expect(withdrawalStory({ state: 'sending', sentAt: '2026-11-21T12:00:00Z' })).toMatch(
      /^Sent to your bank on 21 Nov 2026\. /,
    );
  });

  it('paid: with the bank reference', () => {
    expect(
      withdrawalStory({ state: 'paid', paidAt: '2026-11-22T10:00:00Z', reference: 'GTB-000184' }),
    ).toContain('Bank reference: GTB-000184');
  });

  it('failed, declined, reversed: the reason, and the money is back', () => {
    expect(
      withdrawalStory({
        state: 'failed',
        failedAt: '2026-11-22T10:00:00Z',
        failureReason: 'Account closed.',
      }),
    ).toBe('The payout failed on 22 Nov 2026: Account closed. The money is back on your balance.');
    expect(
      withdrawalStory({
        state: 'declined',
        rejectedAt: '2026-11-22T10:00:00Z',
        rejectionReason: 'Name does not match the bank account',
      }),
    ).toBe(
      'Declined on 22 Nov 2026: Name does not match the bank account. The money is back on your balance.',
    );
    expect(withdrawalStory({ state: 'reversed', reversedAt: '2026-11-23T10:00:00Z' })).toBe(
      'Your bank sent the payout back on 23 Nov 2026. The money is back on your balance.',
    );
  });
});
