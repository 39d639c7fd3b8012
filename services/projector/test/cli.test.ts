/** The finance CLI as finance staff run it: a child process against a real database. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { PostgresEventStore } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { projectionNames, projections } from '../src/read-models';
import { startProjectors } from '../src/runtime/start-projectors';
import { koboToNairaText } from '../src/journal/journal-csv';
import { appendGroups, createPostgresEventStore, quietLogger, scenario } from './support';

const root = join(__dirname, '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = join(root, 'services', 'projector', 'src', 'cli', 'ledger.ts');

let db: TestDatabase;
let store: PostgresEventStore;

function ledger(args: string[], url = db.url): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [cli, ...args],
      { env: { ...process.env, DATABASE_URL: url }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.pool);
  const head = await appendGroups(store, scenario(600, 3));
  const live = await startProjectors({ pool: db.pool, store, logger: quietLogger, pollIntervalMs: 50 });
  await live.waitFor(head, projectionNames, 20_000);
  await live.stop();
});

afterAll(async () => {
  await store.close();
  await db.drop();
});

it('verify prints one ✔ line per check and exits 0; a tampered row gives ✘ and exit 1', async () => {
  const sound = await ledger(['verify']);
  expect(sound.code).toBe(0);
  const lines = sound.stdout.trim().split('\n');
  expect(lines).toHaveLength(4 + projections.length + 1);
  expect(lines.every((line) => line.startsWith('✔ '))).toBe(true);

  await db.pool.query(
    `UPDATE transactions SET amount = amount + 1 WHERE id = (SELECT min(id) FROM transactions)`,
  );
  const tampered = await ledger(['verify']);
  expect(tampered.code).toBe(1);
  expect(tampered.stdout).toMatch(/^✘ read model transactions: transactions differs/m);
  expect(tampered.stdout).toMatch(/^✘ 1 check\(s\) failed$/m);

  const rebuilt = await ledger(['rebuild', 'transactions']);
  expect(rebuilt.code).toBe(0);
  expect(rebuilt.stdout).toMatch(/✔ rebuilt transactions: [\d,]+ events up to position \d+/);
  expect((await ledger(['verify'])).code).toBe(0);
}, 60_000);

it('balance --at gives the balance at that moment, from the journal', async () => {
  const { rows } = await db.pool.query(
    `SELECT account, recorded_at FROM ledger_entries WHERE account LIKE 'user:%:account'
     ORDER BY (SELECT count(*) FROM ledger_entries e WHERE e.account = ledger_entries.account) DESC, account, global_position
     LIMIT 2`,
  );
  const [first, second] = rows as { account: string; recorded_at: Date }[];
  expect(first!.account).toBe(second!.account);
  // Just before the account's second entry: only the first counts.
  const at = new Date(second!.recorded_at.getTime() - 1);
  const expected = await db.pool.query(
    `SELECT sum(amount)::bigint AS total, count(*)::int AS n FROM ledger_entries WHERE account = $1 AND recorded_at <= $2`,
    [first!.account, at],
  );
  const result = await ledger(['balance', first!.account, '--at', at.toISOString()]);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`(${expected.rows[0].total} kobo), from ${expected.rows[0].n} entries`);
});

it('export writes the journal in a time range as CSV, amounts in kobo and naira', async () => {
  const { rows } = await db.pool.query(
    `SELECT min(recorded_at) AS lo, max(recorded_at) AS hi FROM ledger_entries`,
  );
  const result = await ledger([
    'export',
    '--from',
    rows[0].lo.toISOString(),
    '--to',
    rows[0].hi.toISOString(),
  ]);
  expect(result.code).toBe(0);
  const [header, ...lines] = result.stdout.trim().split('\r\n');
  expect(header).toBe(
    'position,posting_index,event_id,event_type,account,amount_kobo,amount_naira,recorded_at',
  );
  const inRange = await db.pool.query(
    `SELECT count(*)::int AS n FROM ledger_entries WHERE recorded_at < $1`,
    [rows[0].hi],
  );
  expect(lines).toHaveLength(inRange.rows[0].n);
  for (const line of lines.slice(0, 50)) {
    const cells = line.split(',');
    expect(cells[6]).toBe(koboToNairaText(Number(cells[5])));
  }
  expect(koboToNairaText(-150)).toBe('-1.50');
  expect(koboToNairaText(5)).toBe('0.05');
});

it('says clearly when the database cannot be reached', async () => {
  const result = await ledger(['status'], 'postgres://postgres:secret@127.0.0.1:1/nowhere');
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('cannot reach PostgreSQL at postgres://postgres:***@127.0.0.1:1/nowhere');
});

it('status lists every projector with its position and lag', async () => {
  const result = await ledger(['status']);
  expect(result.code).toBe(0);
  for (const projection of projections)
    expect(result.stdout).toMatch(new RegExp(`^${projection.name} +\\d+ +0 +no +✔ up to date$`, 'm'));
});

it('status lists the reactors after the projectors, from the same checkpoint table', async () => {
  await db.pool.query(`INSERT INTO projection_checkpoints (projector, position) VALUES ('notices', 5)`);
  try {
    const result = await ledger(['status']);
    expect(result.code).toBe(0);
    const head = await store.headPosition();
    expect(result.stdout).toMatch(new RegExp(`^notices +5 +${head - 5} +no +… catching up$`, 'm'));
    const names = result.stdout.split('\n').map((line) => line.split(' ')[0]);
    expect(names.indexOf('notices')).toBeGreaterThan(names.indexOf(projections.at(-1)!.name));
  } finally {
    await db.pool.query(`DELETE FROM projection_checkpoints WHERE projector = 'notices'`);
  }
});
