/**
 * Session ends told to every API process (migration 0031, sessions.ts): two session books on one
 * database stand for two processes. The book under test runs on a clock that moves only when told,
 * so its one-second memory never lapses by itself: only a notice can make it forget.
 */
import { randomUUID } from 'node:crypto';
import { countingQueries, createTestDatabase, eventually, type TestDatabase } from '@kobo/platform/testing';
import { createSessionBook, endAllSessions, SESSIONS_ENDED_CHANNEL } from '../../src/http/auth/sessions';
import { createTokenService, type SessionClaims } from '../../src/http/auth/tokens';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(4);
});
afterAll(() => db.drop());

const tokens = createTokenService('session-notices-secret-0123456789abcdef');

/** The backends listening for session ends in this test's database. */
async function listeners(): Promise<number[]> {
  const { rows } = await db.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
    [`LISTEN ${SESSIONS_ENDED_CHANNEL}`],
  );
  return rows.map((row) => row.pid);
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Here: the process that ends sessions. There: another, remembering on a frozen clock. */
async function twoProcesses() {
  let time = 1_000_000;
  const asked = countingQueries(db.pool, (text) => text.includes('FROM ended_sessions WHERE session_id'));
  const here = createSessionBook(db.pool, tokens);
  const there = createSessionBook(asked.pool, tokens, { now: () => time });
  close = () => there.close();
  // A book of an earlier test may linger in the list for a moment after it closed.
  const earlier = await listeners();
  const userId = randomUUID();
  const claims: SessionClaims = tokens.verify(await here.open({ userId, role: 'user' }));
  return {
    here,
    there,
    claims,
    userId,
    questions: asked.count,
    pass: (ms: number) => (time += ms),
    /** Resolves with the backend of there's listening connection (not one of `gone`), once it listens. */
    listening: (gone: number[] = []) =>
      eventually(
        'the book to listen',
        async () => (await listeners()).find((pid) => !earlier.includes(pid) && !gone.includes(pid)),
        5000,
      ),
  };
}

/** Found standing after the book listens: the answer it may keep for the longer time. */
async function toldAndAsked() {
  const processes = await twoProcesses();
  const { there, claims, questions, pass, listening } = processes;
  await there.stands(claims);
  await listening();
  // The first answer was asked for before the book listened: it is kept one second only.
  pass(1_500);
  await there.stands(claims);
  expect(questions()).toBe(2);
  return processes;
}

/** Ends the session as `end` does in one process; the other must refuse it without a second passing. */
async function refusedAtOnceAfter(
  end: (processes: Awaited<ReturnType<typeof twoProcesses>>) => Promise<void>,
) {
  const processes = await twoProcesses();
  const { there, claims, listening } = processes;
  expect(await there.stands(claims)).toBe(true);
  await listening();
  await end(processes);
  // Not a second has passed on there's clock: only the notice can make it ask again.
  await eventually('the end to be told', async () => ((await there.stands(claims)) ? undefined : true), 3000);
}

describe('session ends told to every process', () => {
  it('a logout in one process is refused at once by another that has just found it standing', async () => {
    await refusedAtOnceAfter(({ here, claims }) => here.end(claims));
  });

  it('a raised generation is told too, whoever wrote it (here: the bootstrap’s SQL)', async () => {
    await refusedAtOnceAfter(({ userId }) => endAllSessions(db.pool, userId));
  });

  it('while told of every end, a standing session is asked about once a minute instead of every second', async () => {
    const { there, claims, questions, pass } = await toldAndAsked();
    pass(30_000);
    expect(await there.stands(claims)).toBe(true);
    expect(questions()).toBe(2);
    pass(31_000);
    expect(await there.stands(claims)).toBe(true);
    expect(questions()).toBe(3);
  });

  it('a book whose listening connection was lost keeps what it knew for one second only', async () => {
    const { there, claims, questions, pass, listening } = await toldAndAsked();
    const lost = await listening();
    await db.pool.query('SELECT pg_terminate_backend($1)', [lost]);
    // It listens again (a new connection); what it knew from before may have missed an end.
    await listening([lost]);
    pass(1_500);
    expect(await there.stands(claims)).toBe(true);
    expect(questions()).toBe(3);
  });
});
