/**
 * A submission's immediate answer (submissionRowFrom, before the projector has run) is the row the
 * projector writes. (The read model's migration: services/projector/test/read-model-migrations.test.ts.)
 */
import type { ActivityCompleted, PostgresEventStore, TaskSubmitted } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { startProjectors } from '../../runtime/start-projectors';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from '../../../test/support';
import { submissionRowFrom, submissions } from './projection';
import { findSubmission } from './queries';

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

const groups = scenario(1500, 5);

it('answers a submission at once with the row the projector writes', async () => {
  await project(await appendGroups(store, groups));
  // The submissions no later event has changed, with the event that made them. (Equal timestamps
  // cannot tell this: a verification appended in the same millisecond keeps updated_at.)
  const { rows: made } = await db.pool.query<{ type: string; data: unknown; recorded_at: Date }>(
    `SELECT e.type, e.data, e.recorded_at FROM events e
      WHERE e.type IN ('TaskSubmitted', 'ActivityCompleted')
        AND NOT EXISTS (SELECT 1 FROM events later
                         WHERE later.type IN ('SubmissionVerified', 'SubmissionApproved', 'SubmissionRejected')
                           AND later.data->>'submissionId' = e.data->>'submissionId')`,
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
