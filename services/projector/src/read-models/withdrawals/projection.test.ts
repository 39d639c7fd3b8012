/**
 * The withdrawals projection as a pure function (events the user decider really decided), and its
 * tables as the migrations make them: a column for every field of the row types, and no other.
 */
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { columnsOf, setOf, the, withdrawalHistory } from '../../../test/support';
import { withdrawals, type PayoutDiscrepancyRow, type WithdrawalRow } from './projection';

describe('withdrawals', () => {
  it('records the payout reference when a withdrawal is paid', () => {
    expect(
      withdrawals
        .handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))
        .map(setOf),
    ).toEqual([
      expect.objectContaining({ status: 'paid', payout_reference: 'TRF1', payout_provider: 'manual' }),
    ]);
  });
});
describe('the tables', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const withdrawalColumns = {
    withdrawal_id: true,
    user_id: true,
    type: true,
    amount: true,
    fee: true,
    status: true,
    bank_name: true,
    bank_code: true,
    account_num: true,
    account_name: true,
    requested_at: true,
    approved_at: true,
    approved_by: true,
    undoable_until: true,
    rejected_at: true,
    rejected_by: true,
    rejection_reason: true,
    paid_at: true,
    paid_by: true,
    payout_provider: true,
    payout_reference: true,
    failed_at: true,
    failure_reason: true,
    payout_desk: true,
    sent_at: true,
    transfer_code: true,
    held_reason: true,
    held_at: true,
    reversed_at: true,
    reversal_reason: true,
    updated_at: true,
    request_event_id: true,
  } satisfies Record<keyof WithdrawalRow, true>;
  const discrepancyColumns = {
    withdrawal_id: true,
    kind: true,
    user_id: true,
    provider: true,
    detail: true,
    found_at: true,
  } satisfies Record<keyof PayoutDiscrepancyRow, true>;

  it('has a column for every field of WithdrawalRow and PayoutDiscrepancyRow, and no other', async () => {
    expect(await columnsOf(db.pool, 'withdrawals')).toEqual(Object.keys(withdrawalColumns).sort());
    expect(await columnsOf(db.pool, 'payout_discrepancies')).toEqual(Object.keys(discrepancyColumns).sort());
  });
});
