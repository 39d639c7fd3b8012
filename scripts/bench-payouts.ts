/**
 * npm run bench:payouts: payouts through Paystack against its local double, in one process on a
 * fresh database: the real ledger, projectors, API (listening on loopback) and jobs, as the
 * product runs them. Prints:
 *   1. approval to paid, for one payout at a time and for many approved together: the time from an admin's approval to PayoutSucceeded in the log, for
 *      BENCH_PAYOUTS payouts approved together (the double answers at once, so this is Kobo's own
 *      part: the reactor, the job, two Paystack calls, the webhook, the ledger);
 *   2. webhook handling: BENCH_WEBHOOKS signed transfer.success webhooks sent again for paid
 *      payouts (the duplicate path: signature, read model, ledger no-op), BENCH_CONNECTIONS at a
 *      time, throughput and latency percentiles.
 * Environment: DATABASE_URL (the server; a kobo_bench_payouts_<ts> database is made and dropped).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createApiApp,
  createAuth,
  createReadYourWrites,
  writtenPositionsIn,
  bankDirectoryFor,
} from '@kobo/api';
import {
  createPaystackClient,
  paystackPayoutProvider,
  paystackSignature,
  startJobs,
  type Payouts,
} from '@kobo/jobs';
import { startPaystackDouble } from '@kobo/jobs/testing';
import { createLedgerCommands, createPostgresEventStore, kobo, moneyRules } from '@kobo/ledger';
import { registerUser } from '@kobo/ledger/testing';
import { createLogger, createPool, loadConfig, migrate } from '@kobo/platform';
import { startProjectors } from '@kobo/projector';
import { createBenchDatabase } from '../loadtests/api/bench-database';

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PAYOUTS = count('BENCH_PAYOUTS', 200);
const WEBHOOKS = count('BENCH_WEBHOOKS', 2000);
const CONNECTIONS = count('BENCH_CONNECTIONS', 16);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function main() {
  const database = await createBenchDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'kobo_bench_payouts',
  );
  const double = await startPaystackDouble({ resolveAnyAccount: true });
  const pool = createPool(database.url, 20);
  const logger = createLogger('warn');
  try {
    await migrate(database.url);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PAYOUT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: double.secretKey,
      PAYSTACK_BASE_URL: double.url,
    });
    const store = createPostgresEventStore(pool);
    const commands = createLedgerCommands(store, { rules: moneyRules(config.money) });
    const paystack = createPaystackClient({ secretKey: double.secretKey, baseUrl: double.url });
    const payouts: Payouts = {
      provider: paystackPayoutProvider(paystack),
      paystack,
      webhookSecret: double.secretKey,
    };
    const projectors = await startProjectors({ pool, store, logger });
    const app = createApiApp(
      {
        config,
        logger,
        pool,
        store,
        commands,
        projectors,
        reactors: { status: async () => [] },
        auth: createAuth('bench-secret-that-is-long-enough-for-hs256-signing', pool),
        writes: createReadYourWrites(projectors, writtenPositionsIn(pool), logger),
        banks: bankDirectoryFor(config, paystack),
        payouts,
      },
      { webOrigin: 'http://localhost:5173' },
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    double.setWebhookUrl(`${baseUrl}/api/webhooks/paystack`);
    const jobs = await startJobs({
      pool,
      databaseUrl: database.url,
      store,
      commands,
      logger,
      dataDir: mkdtempSync(join(tmpdir(), 'kobo-bench-payouts-')),
      payoutProvider: payouts.provider,
      reconcileSeconds: config.payouts.reconcileSeconds,
    });

    // 1a. Approval to paid, one payout at a time.
    const alone: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const { userId } = await registerUser(commands, { account: 1_000_000 });
      const withdrawalId = randomUUID();
      await commands.requestWithdrawal({ userId, withdrawalId, type: 'withdrawal', amount: kobo(500_000) });
      const approved = performance.now();
      await commands.approveWithdrawal({ userId, withdrawalId, by: { role: 'admin', id: 'bench' } });
      for (;;) {
        const { rowCount } = await pool.query(
          `SELECT 1 FROM events WHERE type = 'PayoutSucceeded' AND data->>'withdrawalId' = $1`,
          [withdrawalId],
        );
        if (rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      alone.push(performance.now() - approved);
    }
    console.log(`approval to paid, one payout at a time (10): ${summary(alone)}`);

    // 1b. Approval to paid, many approved together.
    const requests = [];
    for (let i = 0; i < PAYOUTS; i += 1) {
      const { userId } = await registerUser(commands, { account: 1_000_000 });
      const withdrawalId = randomUUID();
      await commands.requestWithdrawal({ userId, withdrawalId, type: 'withdrawal', amount: kobo(500_000) });
      requests.push({ userId, withdrawalId });
    }
    const approvedAt = new Map<string, number>();
    const started = performance.now();
    await Promise.all(
      requests.map(async ({ userId, withdrawalId }) => {
        await commands.approveWithdrawal({ userId, withdrawalId, by: { role: 'admin', id: 'bench' } });
        approvedAt.set(withdrawalId, performance.now());
      }),
    );
    const paidAt = new Map<string, number>();
    while (paidAt.size < PAYOUTS) {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT data->>'withdrawalId' AS id FROM events WHERE type = 'PayoutSucceeded'`,
      );
      const now = performance.now();
      for (const { id } of rows) if (approvedAt.has(id) && !paidAt.has(id)) paidAt.set(id, now);
      if (now - started > 300_000) throw new Error(`only ${paidAt.size} of ${PAYOUTS} paid in 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const toPaid = requests.map(
      ({ withdrawalId }) => paidAt.get(withdrawalId)! - approvedAt.get(withdrawalId)!,
    );
    const allPaid = Math.max(...paidAt.values()) - started;
    console.log(
      `approval to paid, ${PAYOUTS} payouts approved together: ${summary(toPaid)}; all paid in ${(allPaid / 1000).toFixed(2)} s (${(PAYOUTS / (allPaid / 1000)).toFixed(0)} payouts/s); transfers at the double: ${double.transfers().length}`,
    );

    // 2. Webhook handling: duplicates of the success webhooks already settled, against a floor
    // in the same run (GET /healthz: the same server, connections and client, no work).
    const bodies = double
      .webhooks()
      .filter((w) => w.event === 'transfer.success')
      .map((w) => w.body);
    const load = async (send: (i: number) => Promise<Response>) => {
      const latencies: number[] = [];
      let failed = 0;
      let next = 0;
      const began = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < WEBHOOKS) {
            const i = next++;
            const sent = performance.now();
            const res = await send(i);
            await res.arrayBuffer();
            if (res.status !== 200) failed += 1;
            latencies.push(performance.now() - sent);
          }
        }),
      );
      return { perSecond: WEBHOOKS / ((performance.now() - began) / 1000), latencies, failed };
    };
    const webhooks = () =>
      load((i) => {
        const body = bodies[i % bodies.length]!;
        return fetch(`${baseUrl}/api/webhooks/paystack`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-paystack-signature': paystackSignature(body, double.secretKey),
          },
          body,
        });
      });
    const floor = () => load(() => fetch(`${baseUrl}/healthz`));
    // Alternating, twice each; the second of each is printed (the first warms the path).
    await webhooks();
    await floor();
    const hooks = await webhooks();
    const bare = await floor();
    console.log(
      `webhook handling, ${WEBHOOKS} duplicate transfer.success at ${CONNECTIONS} connections: ${hooks.perSecond.toFixed(0)} webhooks/s, ${summary(hooks.latencies)}, ${hooks.failed} not 200`,
    );
    console.log(
      `floor, GET /healthz the same way: ${bare.perSecond.toFixed(0)} requests/s, ${summary(bare.latencies)}; webhook/floor throughput ${(hooks.perSecond / bare.perSecond).toFixed(2)}`,
    );
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'PayoutSucceeded'`,
    );
    console.log(`PayoutSucceeded events after the duplicates: ${rows[0]!.n} (expected ${PAYOUTS + 10})`);

    await jobs.stop();
    await new Promise((resolve) => server.close(resolve));
    await projectors.stop();
    await store.close();
  } finally {
    await pool.end();
    await double.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
