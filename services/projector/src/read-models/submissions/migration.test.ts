/**
 * Migration 0057 makes the submissions table again, empty, and sets its projector back to the start
 * of the log: the projector then rebuilds the same rows. And a submission's immediate answer
 * (submissionRowFrom, before the projector has run) is the row the projector writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ActivityCompleted, PostgresEventStore, TaskSubmitted } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { startProjectors } from '../../runtime/start-projectors';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from '../../../test/support';
import { submissionRowFrom, submissions } from './projection';
import { findSubmission } from './queries';

/** What a database that has not run the migration runs. */
const up = readFileSync(join(__dirname, 'migrations', '0057_submissions-read-model.sql'), 'utf8').split(
  '-- Down Migration',
)[0]!;

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

async function project(head: number): Promise<void> {
  const live = await startProjectors({
    pool: db.pool,
    store,
    logger: quietLogger,
    projections: [submissions],
    pollIntervalMs: 50,
  });
  try {
    await live.waitFor(head, [submissions.name], 30_000);
  } finally {
    await live.stop();
  }
}

const rows = async () => (await db.pool.query('SELECT * FROM submissions ORDER BY submission_id')).rows;

const groups = scenario(1500, 5);

it('empties the table, starts the projector again from the log, and the rows come back the same', async () => {
  const head = await appendGroups(store, groups);
  await project(head);
  const before = await rows();
  expect(new Set(before.map((row) => row.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
  await db.pool.query(
    `INSERT INTO projection_failures (projector, global_position, event_id, event_type, error)
     VALUES ('submissions', 1, 'e1', 'TaskSubmitted', 'boom'), ('balances', 1, 'e1', 'TaskSubmitted', 'boom')`,
  );
  await db.pool.query(
    `INSERT INTO kafka_consumer_offsets (consumer, topic, partition, next_offset, position)
     VALUES ('submissions', 'kobo.ledger', 0, 9, 9), ('balances', 'kobo.ledger', 0, 9, 9)`,
  );

  await db.pool.query(up);

  expect(await rows()).toEqual([]);
  const state = await db.pool.query(
    `SELECT (SELECT position FROM projection_checkpoints WHERE projector = 'submissions') AS position,
            (SELECT array_agg(projector ORDER BY projector) FROM projection_failures WHERE resolved_at IS NULL) AS open,
            (SELECT array_agg(consumer ORDER BY consumer) FROM kafka_consumer_offsets) AS offsets`,
  );
  expect(state.rows[0]).toEqual({ position: 0, open: ['balances'], offsets: ['balances'] });

  await project(head);
  expect(await rows()).toEqual(before);
});

it('answers a submission at once with the row the projector writes', async () => {
  // The rows no event has changed since the one that made them, with that event.
  const { rows: made } = await db.pool.query<{ type: string; data: unknown; recorded_at: Date }>(
    `SELECT e.type, e.data, e.recorded_at FROM submissions s
       JOIN events e ON e.type IN ('TaskSubmitted', 'ActivityCompleted') AND e.data->>'submissionId' = s.submission_id
      WHERE s.updated_at = s.submitted_at`,
  );
  expect(new Set(made.map((event) => event.type))).toEqual(new Set(['TaskSubmitted', 'ActivityCompleted']));
  for (const event of made) {
    const answer = submissionRowFrom(event as TaskSubmitted | ActivityCompleted, event.recorded_at);
    const { rows: stored } = await db.pool.query('SELECT * FROM submissions WHERE submission_id = $1', [
      answer.submission_id,
    ]);
    expect(stored).toEqual([answer]);
    const found = await findSubmission(db.pool, answer.submission_id);
    expect(found).toEqual(expect.objectContaining({ status: answer.status, reward: answer.reward }));
  }
});
