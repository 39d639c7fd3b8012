import {
  createLedgerCommands,
  createPostgresEventStore,
  defaultMoneyRules,
  streams,
  type PostgresEventStore,
} from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { bootstrapAccounts } from '../../src/accounts/bootstrap';
import { passwordMatches } from '../../src/accounts/password-hashing';

describe('bootstrap of the first accounts', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let deps: Parameters<typeof bootstrapAccounts>[1];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore(db.pool);
    deps = { pool: db.pool, store, commands: createLedgerCommands(store, { rules: defaultMoneyRules }) };
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  async function credentialsOf(email: string) {
    const { rows } = await db.pool.query(
      'SELECT user_id, password_hash FROM credentials WHERE lower(email) = $1',
      [email],
    );
    return rows;
  }

  it('creates an admin and a finance account, registered with their roles and no signup bonus', async () => {
    const done = await bootstrapAccounts(
      [
        { role: 'admin', email: 'Boss@Kobo.ng', password: 'first-secret' },
        { role: 'finance', email: 'ledger@kobo.ng', password: 'count-it' },
      ],
      deps,
    );
    expect(done.map((a) => [a.role, a.created])).toEqual([
      ['admin', true],
      ['finance', true],
    ]);
    const [admin] = await credentialsOf('boss@kobo.ng');
    expect(admin.user_id).toBe(done[0]!.userId);
    expect(await passwordMatches(admin.password_hash, 'first-secret')).toBe(true);
    const events = await store.readStream(streams.user(done[0]!.userId));
    const registered = events.find((e) => e.type === 'UserRegistered');
    expect(registered?.data).toMatchObject({
      role: 'admin',
      email: 'boss@kobo.ng',
      username: 'Boss',
      postings: [],
    });
  });

  it('updates the password on the next start and registers nobody twice', async () => {
    const before = await credentialsOf('boss@kobo.ng');
    const done = await bootstrapAccounts(
      [{ role: 'admin', email: 'boss@kobo.ng', password: 'second-secret' }],
      deps,
    );
    expect(done[0]).toMatchObject({ userId: before[0].user_id, created: false });
    const after = await credentialsOf('boss@kobo.ng');
    expect(after).toHaveLength(1);
    expect(await passwordMatches(after[0].password_hash, 'second-secret')).toBe(true);
    expect(await passwordMatches(after[0].password_hash, 'first-secret')).toBe(false);
    const events = await store.readStream(streams.user(before[0].user_id));
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
  });

  it('finishes a registration that a crash cut short after the credentials were written', async () => {
    const userId = '0b7c6a52-3f43-4e43-9d0a-1f2b3c4d5e6f';
    await db.pool.query(
      `INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, 'half@kobo.ng', 'x')`,
      [userId],
    );
    const done = await bootstrapAccounts(
      [{ role: 'finance', email: 'half@kobo.ng', password: 'whole-again' }],
      deps,
    );
    expect(done[0]).toMatchObject({ userId, created: true });
    const events = await store.readStream(streams.user(userId));
    expect(events[0]?.type).toBe('UserRegistered');
  });

  it('promotes an existing user when their email is named as the admin', async () => {
    const done = await bootstrapAccounts(
      [{ role: 'finance', email: 'boss@kobo.ng', password: 'third-secret' }],
      deps,
    );
    const events = await store.readStream(streams.user(done[0]!.userId));
    expect(events.at(-1)).toMatchObject({ type: 'UserRoleSet', data: { role: 'finance' } });
  });
});
