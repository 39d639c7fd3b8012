/**
 * Read-your-writes against real checkpoints: a wait ends when the projections reach the position,
 * and a late one is answered anyway (a late read model rather than no answer) with a warning that
 * says which projections are behind and where they are.
 */
import type { Logger } from '@kobo/platform';
import { createCheckpointWaiter, type CheckpointWaiter } from '@kobo/projector';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  createReadYourWrites,
  writtenPositionsIn,
  writtenPositionsInMemory,
  type ReadYourWrites,
} from '../../src/http';

let db: TestDatabase;
let waiter: CheckpointWaiter;
let writes: ReadYourWrites;
let warnings: Array<Record<string, unknown>>;

beforeAll(async () => {
  db = await createTestDatabase(4);
  waiter = await createCheckpointWaiter(db.pool, { pollIntervalMs: 50 });
});
afterAll(async () => {
  await waiter.close();
  await db.drop();
});

const logger: Pick<Logger, 'warn'> = {
  warn: (fields: unknown, msg?: unknown) => void warnings.push({ ...(fields as object), msg }),
};

beforeEach(async () => {
  warnings = [];
  writes = createReadYourWrites(waiter, writtenPositionsIn(db.pool), logger, { timeoutMs: 200 });
  await db.pool.query(
    `INSERT INTO projection_checkpoints (projector, position) VALUES ('withdrawals', 10), ('balances', 3)
     ON CONFLICT (projector) DO UPDATE SET position = EXCLUDED.position`,
  );
});

it('resolves once the projections have the position, saying nothing', async () => {
  await writes.caughtUpTo(10, ['withdrawals']);
  expect(warnings).toEqual([]);
});

it('answers a late read model after the timeout, and logs which projections are behind and where', async () => {
  await writes.caughtUpTo(10, ['withdrawals', 'balances', 'users']);
  expect(warnings).toEqual([
    expect.objectContaining({
      msg: 'reading a late read model: projections behind position 10 after 200 ms: balances at 3, users at 0',
      position: 10,
      behind: [
        { name: 'balances', position: 3 },
        { name: 'users', position: 0 },
      ],
    }),
  ]);
});

it("a person's next read waits out a late projection the same way, and keeps waiting for it next time", async () => {
  await writes.wrote('ada', 12);
  await writes.caughtUp('ada');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]!.msg).toContain('projections behind position 12 after 200 ms:');
  expect(writes.waiting()).toBe(0);

  await writes.caughtUp('ada');
  expect(warnings).toHaveLength(2); // still behind: the position was not forgotten
});

it('answers from the checkpoints last seen once the waiter is closed (the process stopping), as a late read model', async () => {
  const closing = await createCheckpointWaiter(db.pool);
  await closing.close();
  const stopping = createReadYourWrites(closing, writtenPositionsIn(db.pool), logger);
  await stopping.caughtUpTo(10, ['withdrawals']);
  expect(warnings).toEqual([]);
  await stopping.caughtUpTo(10, ['withdrawals', 'balances']);
  expect(warnings).toEqual([
    expect.objectContaining({
      msg: 'reading a late read model: projections behind position 10 with the checkpoint waiter closed: balances at 3',
      behind: [{ name: 'balances', position: 3 }],
    }),
  ]);
});

describe('in memory (the one-process product)', () => {
  it('keeps the last position each person wrote, and forgets it once read back, unless a newer came', async () => {
    const positions = writtenPositionsInMemory();
    await positions.record('ada', 7);
    await positions.record('ada', 5); // an older write answered late changes nothing
    expect(await positions.lastOf('ada')).toBe(7);
    await positions.record('ada', 9);
    positions.reached('ada', 7); // a read that waited for 7 while 9 was written
    expect(await positions.lastOf('ada')).toBe(9);
    positions.reached('ada', 9);
    expect(await positions.lastOf('ada')).toBeUndefined();
    expect(await positions.lastOf('bola')).toBeUndefined();
  });
});
