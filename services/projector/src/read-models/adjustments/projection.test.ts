/** The adjustments read model's table as the migrations make it: a column for every field of its row type. */
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { columnsOf } from '../../../test/support';
import type { BalanceAdjustmentRow } from './projection';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const columns = {
  adjustment_id: true,
  kind: true,
  user_id: true,
  campaign_id: true,
  campaign_title: true,
  balance: true,
  amount: true,
  reason: true,
  state: true,
  requested_by: true,
  requested_at: true,
  decided_by: true,
  decided_at: true,
  decision_reason: true,
  updated_at: true,
} satisfies Record<keyof BalanceAdjustmentRow, true>;

it('has a column for every field of BalanceAdjustmentRow, and no other', async () => {
  expect(await columnsOf(db.pool, 'balance_adjustments')).toEqual(Object.keys(columns).sort());
});
