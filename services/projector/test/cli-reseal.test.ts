/**
 * `npm run ledger -- reseal` as an operator runs it, a child process against a real database whose
 * log was written in the clear (users, claims, bank details, withdrawals, campaigns) and projected:
 * afterwards nothing clear is stored, `verify` passes every check and prints where the log was
 * re-sealed, a second run changes nothing, and a hand-edited event still fails `verify`.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { PostgresEventStore, RecordedEvent } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { projectionNames, projections } from '../src/read-models';
import { startProjectors } from '../src/runtime/start-projectors';
import { appendGroups, balancesOf, createPostgresEventStore, quietLogger, scenario } from './support';

const root = join(__dirname, '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = join(root, 'services', 'projector', 'src', 'cli', 'ledger.ts');
const masterKey = randomBytes(32).toString('base64');

let db: TestDatabase;
let store: PostgresEventStore;
let before: RecordedEvent[];

function ledger(
  args: string[],
  env: Record<string, string> = { KOBO_MASTER_KEY: masterKey },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { KOBO_MASTER_KEY: _current, KOBO_MASTER_KEY_PREVIOUS: _previous, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      tsx,
      [cli, ...args],
      { env: { ...inherited, DATABASE_URL: db.url, ...env }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The personal values the clear log holds: names, usernames, emails, phones, account numbers and names. */
function personalValuesOf(events: readonly RecordedEvent[]): Set<string> {
  const values = new Set<string>();
  for (const { type, data } of events) {
    const d = data as Record<string, unknown> & { bankDetails?: Record<string, string> };
    if (type === 'UserRegistered')
      for (const key of ['firstName', 'lastName', 'username', 'email', 'phone']) values.add(String(d[key]));
    if (type === 'BankDetailsUpdated' || type === 'WithdrawalRequested')
      values.add(d.bankDetails!.accountNum!).add(d.bankDetails!.accountName!);
  }
  // A first name alone ('Ada') may be a part of other words: the full names are checked.
  for (const value of values) if (value.length < 8) values.delete(value);
  return values;
}

async function everythingStored(): Promise<string> {
  const { rows } = await db.pool.query<{ text: string | null }>(
    `SELECT string_agg(stream_id || ' ' || data::text || ' ' || metadata::text || ' ' || encode(hash, 'hex'), E'\\n' ORDER BY global_position) AS text FROM events
     UNION ALL SELECT string_agg(stream_id || ' ' || version, E'\\n' ORDER BY stream_id) FROM streams
     UNION ALL SELECT string_agg(command_id || ' ' || streams::text, E'\\n' ORDER BY command_id) FROM commands
     UNION ALL SELECT string_agg(stream_id || ' ' || kind || ' ' || state::text, E'\\n' ORDER BY stream_id, kind) FROM stream_snapshots
     UNION ALL SELECT last_position || ' ' || encode(last_hash, 'hex') FROM event_chain_head`,
  );
  return rows.map((row) => row.text ?? '').join('\n---\n');
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  const head = await appendGroups(store, scenario(400, 5));
  const live = await startProjectors({ pool: db.pool, store, logger: quietLogger, pollIntervalMs: 50 });
  await live.waitFor(head, projectionNames, 20_000);
  await live.stop();
  before = await store.readAll({ after: 0, limit: 100_000 });
});

afterAll(async () => {
  await store.close();
  await db.drop();
});

it('refuses to run against DATABASE_URL without KOBO_MASTER_KEY, with exit 2', async () => {
  const run = await ledger(['reseal'], {});
  expect(run.stderr).toMatch(/^ledger: reseal with DATABASE_URL needs KOBO_MASTER_KEY/);
  expect(run.code).toBe(2);
});

it('re-seals the clear log; verify then passes every check and prints the re-seal; a second run changes nothing', async () => {
  const clear = personalValuesOf(before);
  expect(clear.size).toBeGreaterThan(20);
  const { rows: heads } = await db.pool.query<{ position: string; hash: string }>(
    `SELECT last_position AS position, encode(last_hash, 'hex') AS hash FROM event_chain_head`,
  );
  const head = heads[0]!;
  // What an operator keeps before the re-seal: the verify report, which prints the head's hash.
  const earlier = await ledger(['verify']);
  expect(earlier.stdout).toMatch(
    new RegExp(
      `^✔ hash chain: [\\d,]+ events chained up to position ${head.position}, head hash ${head.hash}$`,
      'm',
    ),
  );

  const run = await ledger(['reseal']);
  expect(run.stderr).toBe('');
  const lines = run.stdout.trim().split('\n');
  expect(lines[0]).toMatch(
    /^✔ re-sealed \d+ event\(s\), renamed \d+ claim stream\(s\) \(\d+ events\), from position 1;/,
  );
  expect(lines[1]).toMatch(
    new RegExp(
      `^✔ re-sealed at position ${head.position}: old head hash ${head.hash} → new hash [0-9a-f]{64} \\(LogResealed at position ${Number(head.position) + 1}\\)$`,
    ),
  );
  expect(lines[2]).toMatch(/^! the Kafka topic and its consumers still hold the events as they were/);
  expect(run.code).toBe(0);
  const newHash = /new hash ([0-9a-f]{64})/.exec(lines[1]!)![1]!;

  const stored = await everythingStored();
  for (const value of clear) expect(stored).not.toContain(value);
  // The money is where it was.
  expect(balancesOf(await store.readAll({ after: 0, limit: 100_000 }))).toEqual(balancesOf(before));

  // Every projector takes LogResealed in its stride, up to the new head.
  const live = await startProjectors({ pool: db.pool, store, logger: quietLogger, pollIntervalMs: 50 });
  await live.waitFor(Number(head.position) + 1, projectionNames, 20_000);
  await live.stop();

  const verified = await ledger(['verify']);
  expect(verified.stdout).toContain(
    `✔ re-sealed at position ${head.position}: old head hash ${head.hash} → new hash ${newHash}\n`,
  );
  const checks = verified.stdout.trim().split('\n');
  expect(checks).toHaveLength(4 + 1 + projections.length + 1);
  expect(checks.filter((line) => !line.startsWith('✔ '))).toEqual([]);
  expect(verified.code).toBe(0);

  const again = await ledger(['reseal']);
  expect(again.stdout).toBe(
    `✔ nothing stored in the clear: nothing re-sealed (chain head at position ${Number(head.position) + 1})\n`,
  );
  expect(again.code).toBe(0);
  expect(await everythingStored()).toBe(stored);
}, 120_000);

it('fails verify on an event edited by hand after the re-seal', async () => {
  await db.pool.query(
    `UPDATE events SET data = jsonb_set(data, '{firstName}', '"Mallory"')
     WHERE global_position = (SELECT min(global_position) FROM events WHERE type = 'UserRegistered')`,
  );
  const tampered = await ledger(['verify']);
  expect(tampered.stdout).toMatch(
    /^✘ hash chain: broken at position \d+ \(hash does not match the event’s contents\)/m,
  );
  expect(tampered.code).toBe(1);
}, 60_000);
