/** `npm run ledger -- rewrap-keys`, the master key's rotation, as an operator runs it: a child process against a real database. */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createPersonalDataKeys, masterKeyId, UnknownMasterKeyError } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';

const root = join(__dirname, '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = join(root, 'services', 'projector', 'src', 'cli', 'ledger.ts');

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(4);
});
afterAll(async () => {
  await db.drop();
});

function ledger(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { KOBO_MASTER_KEY: _current, KOBO_MASTER_KEY_PREVIOUS: _previous, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      tsx,
      [cli, 'rewrap-keys'],
      { env: { ...inherited, DATABASE_URL: db.url, ...env }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('wraps every key under the new master key; the old one alone then opens nothing', async () => {
  const [oldMaster, newMaster] = [randomBytes(32), randomBytes(32)];
  const before = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: oldMaster } });
  const people = [randomUUID(), randomUUID(), randomUUID()];
  const sealed = await Promise.all(people.map((subject) => before.seal(subject, `phone of ${subject}`)));
  await before.destroy(people[2]!, 'erasure request');

  const run = await ledger({
    KOBO_MASTER_KEY: newMaster.toString('base64'),
    KOBO_MASTER_KEY_PREVIOUS: oldMaster.toString('base64'),
  });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe(
    `✔ re-wrapped 2 data key(s) under master key ${masterKeyId(newMaster)}: 2 under it, 1 destroyed\n`,
  );
  expect(run.code).toBe(0);
  const after = createPersonalDataKeys({ pool: db.pool, masterKeys: { current: newMaster } });
  expect(await after.openMany(sealed)).toEqual([
    `phone of ${people[0]}`,
    `phone of ${people[1]}`,
    { erased: true },
  ]);
  await expect(
    createPersonalDataKeys({ pool: db.pool, masterKeys: { current: oldMaster } }).open(sealed[0]!),
  ).rejects.toThrow(UnknownMasterKeyError);
});

it('says which keys it could not re-wrap, and exits 1', async () => {
  const stranger = randomBytes(32);
  await createPersonalDataKeys({ pool: db.pool, masterKeys: { current: stranger } }).keyFor(randomUUID());
  const run = await ledger({ KOBO_MASTER_KEY: randomBytes(32).toString('base64') });
  expect(run.stdout).toMatch(
    new RegExp(
      `^✘ 1 data key\\(s\\) still under master key ${masterKeyId(stranger)}: add it to KOBO_MASTER_KEY_PREVIOUS`,
      'm',
    ),
  );
  expect(run.code).toBe(1);
});

it('refuses to run against DATABASE_URL without KOBO_MASTER_KEY, and a malformed key, with exit 2', async () => {
  const unset = await ledger({});
  expect(unset.stderr).toMatch(/^ledger: rewrap-keys with DATABASE_URL needs KOBO_MASTER_KEY/);
  expect(unset.code).toBe(2);
  const malformed = await ledger({ KOBO_MASTER_KEY: 'abc' });
  expect(malformed.stderr).toMatch(
    /^ledger: Invalid configuration:\n {2}KOBO_MASTER_KEY: must be 32 bytes in base64/,
  );
  expect(malformed.code).toBe(2);
});
