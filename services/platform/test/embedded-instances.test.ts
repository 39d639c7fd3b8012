/**
 * Two instances side by side on one machine, each with its own DATA_DIR and EMBEDDED_PG_PORT, as
 * `npm start` provides its database (provideDatabase, in a process of its own): neither sees nor
 * touches the other's data, and a restart keeps everything. An instance pointed at a port where
 * another data directory's server answers refuses to use it and says why, naming both directories
 * and the port, whether its own directory is new, has a password of its own, or is a copy of the
 * other's (which takes the same password).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onFreePort, portTaken } from '../src/testing';

jest.setTimeout(120_000);

const child = join(__dirname, 'support', 'provide-database-child.ts');

interface Instance {
  url: string;
  stop(): Promise<void>;
}

/** Runs `npm start`'s provideDatabase on DATA_DIR and EMBEDDED_PG_PORT; resolves with what it said. */
function provide(dataDir: string, port: number) {
  const process_ = spawn(process.execPath, ['--import', 'tsx', child, dataDir, String(port)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  process_.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => process_.once('exit', done));
  const said = new Promise<{ url?: string; error?: string }>((done, fail) => {
    let out = '';
    process_.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const end = out.indexOf('\n');
      if (end >= 0) done(JSON.parse(out.slice(0, end)) as { url?: string; error?: string });
    });
    process_.once('exit', (code) => fail(new Error(`child exited (${code}) without a word:\n${stderr}`)));
  });
  return { said, exited, stop: () => process_.stdin!.end() };
}

async function start(dataDir: string, port: number): Promise<Instance> {
  const started = provide(dataDir, port);
  const said = await started.said;
  if (!said.url) throw new Error(`the instance in ${dataDir} did not start: ${said.error}`);
  return {
    url: said.url,
    stop: async () => {
      started.stop();
      await started.exited;
    },
  };
}

/** What an instance that must refuse said; it has exited. */
async function refusal(dataDir: string, port: number): Promise<string> {
  const started = provide(dataDir, port);
  const said = await started.said;
  if (said.url) {
    started.stop();
    await started.exited;
    throw new Error(`the instance in ${dataDir} used the server on ${port} instead of refusing it`);
  }
  expect(await started.exited).toBe(1);
  return said.error!;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const notes = (url: string) => query<{ note: string }>(url, 'SELECT note FROM notes ORDER BY note');
const regex = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

let root: string;
const running: Instance[] = [];
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kobo-instances-'));
  chmodSync(root, 0o755); // as root the server runs as `postgres`, who must reach its directory
});
afterAll(async () => {
  for (const instance of running) await instance.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A DATA_DIR of its own under the test's folder. */
function dataDirFor(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  return dir;
}

describe('two embedded instances side by side', () => {
  let first: { dataDir: string; port: number; instance: Instance };
  let second: { dataDir: string; port: number; instance: Instance };

  it('keep their data apart, and a restart keeps everything', async () => {
    // PostgreSQL must be told its port before it binds: on another free one when it was taken first.
    const onItsOwnPort = (dir: string) =>
      onFreePort(async (port) => ({ port, instance: await start(dir, port) }), portTaken);
    const [dirA, dirB] = [dataDirFor('a'), dataDirFor('b')];
    const [{ port: portA, instance: a }, { port: portB, instance: b }] = await Promise.all([
      onItsOwnPort(dirA),
      onItsOwnPort(dirB),
    ]);
    running.push(a, b);
    first = { dataDir: dirA, port: portA, instance: a };
    second = { dataDir: dirB, port: portB, instance: b };

    // Each serves its own directory, with a password of its own.
    expect(await query(a.url, 'SHOW data_directory')).toEqual([{ data_directory: join(dirA, 'pg') }]);
    expect(await query(b.url, 'SHOW data_directory')).toEqual([{ data_directory: join(dirB, 'pg') }]);
    expect(new URL(a.url).password).not.toBe(new URL(b.url).password);

    for (const [url, name] of [
      [a.url, 'a'],
      [b.url, 'b'],
    ] as const)
      await query(url, `CREATE TABLE notes (note text); INSERT INTO notes VALUES ('written in ${name}')`);
    expect(await notes(a.url)).toEqual([{ note: 'written in a' }]);
    expect(await notes(b.url)).toEqual([{ note: 'written in b' }]);

    // A restarts while B runs: its data is kept, B's untouched.
    await a.stop();
    running.splice(running.indexOf(a), 1);
    expect(await notes(b.url)).toEqual([{ note: 'written in b' }]);
    const again = await start(dirA, portA);
    running.push(again);
    first.instance = again;
    expect(again.url).toBe(a.url);
    expect(await notes(again.url)).toEqual([{ note: 'written in a' }]);
    await query(again.url, `INSERT INTO notes VALUES ('after the restart')`);
    expect(await notes(again.url)).toEqual([{ note: 'after the restart' }, { note: 'written in a' }]);
    expect(await notes(b.url)).toEqual([{ note: 'written in b' }]);
    // Nothing was left beside the data directories either.
    expect(readdirSync(dirA).sort()).toEqual(['pg']);
    expect(readdirSync(dirB).sort()).toEqual(['pg']);
  });

  it("refuses a port where another instance's database answers, naming both data directories and the port", async () => {
    const { dataDir: otherDir, port } = first;
    const expected = (mine: string) =>
      new RegExp(
        `port ${port} \\(EMBEDDED_PG_PORT\\) is answered by the database in ${regex(join(otherDir, 'pg')).source}, ` +
          `not by this instance's data directory ${regex(join(mine, 'pg')).source} .*Refusing to use it`,
      );

    // A new instance (no data directory yet); one with a database of its own (B's), whose password
    // A's server refuses; and a copy of A's data directory, which takes A's password but is not A's.
    const fresh = dataDirFor('fresh');
    const copy = dataDirFor('copy');
    execFileSync('cp', ['-a', join(otherDir, 'pg'), join(copy, 'pg')]);
    const [freshSaid, ownSaid, copySaid] = await Promise.all([
      refusal(fresh, port),
      refusal(second.dataDir, port),
      refusal(copy, port),
    ]);
    expect(freshSaid).toMatch(expected(fresh));
    expect(ownSaid).toMatch(expected(second.dataDir));
    expect(copySaid).toMatch(expected(copy));
    // Refused before anything was made.
    expect(readdirSync(fresh)).toEqual([]);

    // A and B go on with their own data.
    expect(await notes(first.instance.url)).toEqual([
      { note: 'after the restart' },
      { note: 'written in a' },
    ]);
    expect(await notes(second.instance.url)).toEqual([{ note: 'written in b' }]);
  });

  it('does not make a database in a data directory that holds something else', async () => {
    const dataDir = dataDirFor('something-else');
    mkdirSync(join(dataDir, 'pg'));
    writeFileSync(join(dataDir, 'pg', 'notes.txt'), 'kept');
    // On a port nothing answers (another when some process took it first): the directory is refused.
    const said = await onFreePort(async (port) => {
      const refused = await refusal(dataDir, port);
      if (portTaken(refused)) throw new Error(refused);
      return refused;
    }, portTaken);
    expect(said).toMatch(/holds no database \(no PG_VERSION\): refusing to make one there/);
    expect(readdirSync(join(dataDir, 'pg'))).toEqual(['notes.txt']);
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(false);
  });
});
