/**
 * The scheduled purge: old idempotency keys, the ledger's record of old commands named from them,
 * and old delivered email go; everything else stays.
 */
import { createPostgresEventStore, type PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { commandIdFor } from '../../src/http';
import { purgeExpired } from '../../src/maintenance/purges';

describe('purgeExpired', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  async function key(name: string, age: string) {
    await db.pool.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, response_status, created_at)
       VALUES ('u', $1, 'h', 'POST', '/api/x', 200, now() - $2::interval)`,
      [name, age],
    );
  }
  async function email(id: string, status: string, age: string) {
    await db.pool.query(
      `INSERT INTO email_outbox (id, kind, to_address, subject, text_body, transport, status, created_at, sent_at)
       VALUES ($1, 'contact', 'a@b.ng', 's', 't', 'smtp', $2, now() - $3::interval,
               CASE WHEN $2 = 'sent' THEN now() - $3::interval END)`,
      [id, status, age],
    );
  }

  async function command(id: string, age: string) {
    await db.pool.query(
      `INSERT INTO commands (command_id, command_type, streams, last_position, event_ids, recorded_at)
       VALUES ($1, 'SubmitTask', '[]', 0, '{}', now() - $2::interval)`,
      [id, age],
    );
  }
  const keyed = (key: string) => commandIdFor({ userId: 'u', key, requestHash: 'h' });

  it('forgets the commands named from Idempotency-Keys a day after they were recorded, and no others', async () => {
    await command(keyed('old'), '25 hours');
    await command(`${keyed('old-step')}:balance`, '25 hours');
    await command(keyed('recent'), '23 hours');
    // The demo seed names its commands itself, and counts on them to load once.
    await command('seed-command', '40 days');

    const [a, b] = await Promise.all([purgeExpired(db.pool, store), purgeExpired(db.pool, store)]);
    expect(a.keyedCommands + b.keyedCommands).toBe(2);

    const { rows } = await db.pool.query('SELECT command_id FROM commands ORDER BY command_id');
    expect(rows.map((r) => r.command_id)).toEqual([keyed('recent'), 'seed-command'].sort());
    expect(await store.readCommand(keyed('old'))).toBeUndefined();
  });

  it('deletes keys past their retention and delivered email older than 30 days, twice harmlessly', async () => {
    await key('old', '3 days');
    await key('fresh', '1 hour');
    await email('00000000-0000-4000-8000-000000000001', 'sent', '31 days');
    await email('00000000-0000-4000-8000-000000000002', 'sent', '2 days');
    await email('00000000-0000-4000-8000-000000000003', 'failed', '40 days');

    // Two processes may run it at the same moment.
    const [a, b] = await Promise.all([purgeExpired(db.pool, store), purgeExpired(db.pool, store)]);
    expect(a.idempotencyKeys + b.idempotencyKeys).toBe(1);
    expect(a.sentEmails + b.sentEmails).toBe(1);

    const keys = await db.pool.query('SELECT key FROM idempotency_keys ORDER BY key');
    expect(keys.rows.map((r) => r.key)).toEqual(['fresh']);
    const emails = await db.pool.query('SELECT id FROM email_outbox ORDER BY id');
    expect(emails.rows.map((r) => r.id)).toEqual([
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ]);
  });
});
