/** The demo data's condition at start: no one has signed up (staff do not count), read through the port. */
import { randomUUID } from 'node:crypto';
import {
  createLedgerCommands,
  createPostgresEventStore,
  moneyRules,
  type LedgerCommands,
} from '@kobo/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { someoneSignedUp } from '../../src/demo/signed-up';

describe('someone signed up', () => {
  let db: TestDatabase;
  let store: ReturnType<typeof createPostgresEventStore>;
  let commands: LedgerCommands;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore(db.pool);
    commands = createLedgerCommands(store, {
      rules: moneyRules({
        signupBonus: 0,
        referralBonus: 0,
        minWithdrawalAccount: 100,
        minWithdrawalActivity: 100,
        withdrawalFee: 0,
      }),
    });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const staff = (n: number) => {
    const id = randomUUID();
    return commands.registerUser({
      userId: id,
      firstName: 'Staff',
      lastName: `Member ${n}`,
      username: `staff_${id.slice(0, 8)}`,
      email: `staff-${id}@kobo.test`,
      phone: '08030000000',
      role: 'admin',
      referralCode: `staff-${id}`,
      referredByCode: null,
    });
  };

  it('not on an empty log, nor with staff alone (more than a page of them); yes once a user registers', async () => {
    expect(await someoneSignedUp(store)).toBe(false);
    for (let n = 0; n < 105; n++) await staff(n);
    expect(await someoneSignedUp(store)).toBe(false);
    await registerUser(commands);
    expect(await someoneSignedUp(store)).toBe(true);
  });
});
