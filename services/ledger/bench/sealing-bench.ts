/**
 * What sealing personal data costs (docs/decisions/0052-personal-data-in-the-log.md), measured as
 * ratios in one run on one database, in alternating rounds:
 *  - appends: 32 writers, each appending a person's bank details (two personal fields) to their own
 *    stream, through the store as kept and through the sealing store around it;
 *  - reads: the whole log read forwards in pages of 1,000 (what a rebuild or a projector reads), as
 *    stored and opened, each opening round with a fresh key service (every key looked up once).
 *
 *   npx tsx services/ledger/bench/sealing-bench.ts   (DATABASE_URL, default 127.0.0.1:5432)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrate } from '@kobo/platform';
import { createPostgresEventStore, type EventStore } from '../src/event-store';
import { createPersonalDataKeys, sealPersonalData } from '../src/personal-data';
import { benchPool } from './bench-pool';

const WRITERS = 32;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 6);
const ROUNDS = 3;

const people = Array.from({ length: WRITERS }, () => randomUUID());

function bankDetailsEvent(writer: number, n: number) {
  return {
    id: randomUUID(),
    type: 'BankDetailsUpdated',
    data: {
      userId: people[writer]!,
      bankDetails: {
        bankName: 'Kuda Bank',
        bankCode: '50211',
        accountNum: String(1_000_000_000 + writer * 1000 + (n % 1000)),
        accountName: `Adaeze Okonkwo ${writer}`,
        nameCheck: 'resolved',
      },
      changedAt: new Date().toISOString(),
    },
    metadata: { actor: { role: 'user' as const, id: people[writer]! } },
  };
}

/** Appends for `ROUND_SECONDS` from every writer; events/s. */
async function appendRound(store: EventStore, versions: number[]): Promise<number> {
  const deadline = Date.now() + ROUND_SECONDS * 1000;
  const started = process.hrtime.bigint();
  let events = 0;
  await Promise.all(
    versions.map(async (_, w) => {
      while (Date.now() < deadline) {
        const expected = versions[w]!;
        await store.appendToStreams([
          {
            streamId: `user-${people[w]}`,
            expectedVersion: expected === 0 ? 'no_stream' : expected,
            events: [bankDetailsEvent(w, expected)],
          },
        ]);
        versions[w] = expected + 1;
        events++;
      }
    }),
  );
  return events / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** The whole log read forwards, pages of 1,000; events/s. */
async function readRound(store: EventStore): Promise<number> {
  const started = process.hrtime.bigint();
  let after = 0;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) break;
    events += page.length;
    after = page[page.length - 1]!.globalPosition;
  }
  return events / (Number(process.hrtime.bigint() - started) / 1e9);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `kobo_bench_sealing_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const pool = benchPool(url.toString(), 16);
  try {
    await migrate(url.toString());
    const stored = createPostgresEventStore(pool);
    const masterKeys = { current: randomBytes(32) };
    const sealed = sealPersonalData(stored, createPersonalDataKeys({ pool, masterKeys }));
    console.log(
      `[sealing-bench] ${WRITERS} writers, ${ROUNDS} rounds of ${ROUND_SECONDS} s each way, alternating`,
    );
    const versions = new Array<number>(WRITERS).fill(0);
    await appendRound(sealed, versions); // warm-up: streams, keys, plans
    const appends = { stored: [] as number[], sealed: [] as number[] };
    for (let round = 0; round < ROUNDS; round++)
      for (const which of round % 2 === 0
        ? (['stored', 'sealed'] as const)
        : (['sealed', 'stored'] as const)) {
        const rate = await appendRound(which === 'stored' ? stored : sealed, versions);
        appends[which].push(rate);
        console.log(`[sealing-bench] append round ${round + 1}, ${which}: ${Math.round(rate)} events/s`);
      }
    const reads = { stored: [] as number[], sealed: [] as number[] };
    for (let round = 0; round < ROUNDS; round++)
      for (const which of round % 2 === 0
        ? (['stored', 'sealed'] as const)
        : (['sealed', 'stored'] as const)) {
        const store =
          which === 'stored'
            ? stored
            : sealPersonalData(stored, createPersonalDataKeys({ pool, masterKeys }));
        const rate = await readRound(store);
        reads[which].push(rate);
        console.log(`[sealing-bench] read round ${round + 1}, ${which}: ${Math.round(rate)} events/s`);
      }
    const result = {
      appendStored: median(appends.stored),
      appendSealed: median(appends.sealed),
      appendRatio: median(appends.sealed) / median(appends.stored),
      readStored: median(reads.stored),
      readSealed: median(reads.sealed),
      readRatio: median(reads.sealed) / median(reads.stored),
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
    await stored.close();
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
