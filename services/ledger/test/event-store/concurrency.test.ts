import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  createPostgresEventStore,
  verifyHashChain,
  WrongExpectedVersionError,
  type PostgresEventStore,
} from '../../src/event-store';

const WRITERS = 32;
const APPENDS = 20;

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(12);
});
afterAll(async () => {
  await db.drop();
});

/** Two stores on one database: two processes' group commits competing for the chain head. */
function twoStores(): [PostgresEventStore, PostgresEventStore] {
  return [createPostgresEventStore(db.pool), createPostgresEventStore(db.pool, { maxBatchSize: 5 })];
}

/** The whole log straight from the table (gap-safe reading has its own tests). */
async function log(): Promise<{ id: string; position: number }[]> {
  const { rows } = await db.pool.query(
    'SELECT event_id, global_position FROM events ORDER BY global_position',
  );
  return rows.map((r) => ({ id: r.event_id, position: Number(r.global_position) }));
}

async function positions(): Promise<number[]> {
  return (await log()).map((e) => e.position);
}

describe('32 concurrent writers', () => {
  it('distinct streams: unique positions, no lost events, contiguous versions', async () => {
    const stores = twoStores();
    const written: string[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const store = stores[w % 2]!;
        for (let i = 0; i < APPENDS; i++) {
          const ids = [randomUUID(), randomUUID()];
          await store.appendToStreams([
            {
              streamId: `own-${w}`,
              expectedVersion: i === 0 ? 'no_stream' : i * 2,
              events: ids.map((id, k) => ({ id, type: 'Noted', data: { w, i, k } })),
            },
          ]);
          written.push(...ids);
        }
      }),
    );
    const all = await log();
    expect(all).toHaveLength(WRITERS * APPENDS * 2);
    expect(new Set(all.map((e) => e.id))).toEqual(new Set(written));
    expect(new Set(all.map((e) => e.position)).size).toBe(all.length);
    for (let w = 0; w < WRITERS; w++) {
      const versions = (await stores[0].readStream(`own-${w}`)).map((e) => e.version);
      expect(versions).toEqual(Array.from({ length: APPENDS * 2 }, (_, k) => k + 1));
    }
    await Promise.all(stores.map((s) => s.close()));
  });

  it('one shared stream with retries on conflict: every append lands once, versions contiguous', async () => {
    const stores = twoStores();
    let conflicts = 0;
    const written: string[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const store = stores[w % 2]!;
        for (let i = 0; i < 5; i++) {
          const id = randomUUID();
          for (;;) {
            const current = await store.readStream('shared', { fromVersion: 1 });
            try {
              await store.appendToStreams([
                {
                  streamId: 'shared',
                  expectedVersion: current.length === 0 ? 'no_stream' : current.length,
                  events: [{ id, type: 'Noted', data: { w, i } }],
                },
              ]);
              written.push(id);
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedVersionError)) throw error;
              conflicts += 1;
            }
          }
        }
      }),
    );
    const stream = await stores[0].readStream('shared');
    expect(stream.map((e) => e.version)).toEqual(Array.from({ length: WRITERS * 5 }, (_, k) => k + 1));
    expect(new Set(stream.map((e) => e.id))).toEqual(new Set(written));
    expect(conflicts).toBeGreaterThan(0);
    const all = await positions();
    expect(new Set(all).size).toBe(all.length);
    expect(await verifyHashChain(db.pool)).toMatchObject({ ok: true, count: all.length });
    await Promise.all(stores.map((s) => s.close()));
  });
});
