import { createHash, randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  canonicalEncoding,
  createPostgresEventStore,
  GENESIS_HASH,
  verifyHashChain,
  type PostgresEventStore,
} from '../../src/event-store';

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

describe('hash chain', () => {
  it('the JS canonical encoding is the text the SQL function hashes, for awkward content', async () => {
    await store.appendToStreams([
      {
        streamId: 'odd-"stream"\\ naïve\t€',
        expectedVersion: 'any',
        events: [
          {
            id: randomUUID().toUpperCase(),
            type: 'Odd\nType',
            data: {
              z: 1,
              a: [1.5, -0, 1e21, null, true],
              'key "q"': 'line\nbreak \u0001 😀',
              nested: { b: {}, aa: [] },
            },
            metadata: { actor: 'user-ü', n: 12345678901234 },
          },
        ],
      },
    ]);
    const { rows } = await db.pool.query(`
      SELECT global_position::int AS pos, event_id::text, stream_id, stream_version::int AS version, type,
             data::text AS data_text, metadata::text AS metadata_text,
             ((extract(epoch FROM recorded_at) * 1000000)::bigint)::text AS micros,
             kobo_event_canonical(global_position, event_id, stream_id, stream_version, type, data, metadata, recorded_at) AS sql,
             encode(prev_hash, 'hex') AS prev, encode(hash, 'hex') AS hash
      FROM events WHERE stream_id LIKE 'odd-%'`);
    const row = rows[0];
    const js = canonicalEncoding({
      globalPosition: row.pos,
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.version,
      type: row.type,
      dataText: row.data_text,
      metadataText: row.metadata_text,
      recordedAtMicros: row.micros,
    });
    expect(js).toBe(row.sql);
    const recomputed = createHash('sha256')
      .update(Buffer.from(row.prev, 'hex'))
      .update(js, 'utf8')
      .digest('hex');
    expect(recomputed).toBe(row.hash);
  });

  it('is valid after many concurrent appends, from the genesis hash', async () => {
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; i < 25; i++) {
          await store.appendToStreams([
            {
              streamId: `chain-${w}`,
              expectedVersion: i === 0 ? 'no_stream' : i,
              events: [{ id: randomUUID(), type: 'Noted', data: { w, i } }],
            },
          ]);
        }
      }),
    );
    const report = await verifyHashChain(db.pool, { pageSize: 37 });
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM events`);
    expect(report).toMatchObject({ ok: true, count: rows[0].n });
    expect(rows[0].n).toBeGreaterThanOrEqual(400);
    const { rows: first } = await db.pool.query(
      `SELECT encode(prev_hash, 'hex') AS prev FROM events ORDER BY global_position LIMIT 1`,
    );
    expect(first[0].prev).toBe(GENESIS_HASH);
  });

  it('detects a tampered event at its position', async () => {
    const before = await verifyHashChain(db.pool);
    expect(before.ok).toBe(true);
    const [victim] = await store.readStream('chain-3', { fromVersion: 7, maxCount: 1 });
    await db.pool.query(`UPDATE events SET data = jsonb_set(data, '{i}', '999') WHERE global_position = $1`, [
      victim!.globalPosition,
    ]);
    const report = await verifyHashChain(db.pool, { pageSize: 50 });
    expect(report).toMatchObject({ ok: false, brokenAt: victim!.globalPosition });
    expect(report.count).toBe(victim!.globalPosition - 1);
  });

  it('detects a deleted event at the next position', async () => {
    await db.pool.query(`UPDATE events SET data = jsonb_set(data, '{i}', '6') WHERE data->>'i' = '999'`);
    expect((await verifyHashChain(db.pool)).ok).toBe(true);
    const [victim] = await store.readStream('chain-5', { fromVersion: 3, maxCount: 1 });
    await db.pool.query(`DELETE FROM events WHERE global_position = $1`, [victim!.globalPosition]);
    const report = await verifyHashChain(db.pool);
    expect(report).toMatchObject({ ok: false, brokenAt: victim!.globalPosition + 1 });
  });
});
