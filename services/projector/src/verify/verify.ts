/**
 * ledger verify: the hash chain, double entry per event and over all accounts, and every read
 * model against a rebuild from the log at the read model's own checkpoint.
 */
import { verifyHashChain, type EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { Projection } from '../projection';
import { eventSourceFor, type EventSource } from '../rebuild/event-source';
import { projectRange, type RangeTarget } from '../rebuild/project-range';
import { tablesOf } from '../rebuild/rebuild';
import { createShadowTables, dropShadowTables, shadowName, shadowNamer } from '../rebuild/shadow-tables';
import { readCheckpoint, readCheckpoints } from '../runtime/checkpoints';
import { checkout } from '../runtime/checkout';
import { compareTables, type TableComparison } from './compare';
import { PostingsAudit } from './postings-audit';

/** Shadow tables of one verification: `<table>__verify_<random>`, so concurrent runs never collide. */
const verifySuffix = () => `verify_${Math.random().toString(36).slice(2, 8)}`;

export interface VerifyCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface VerifyOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  /** Called as each check completes (the CLI prints it at once). */
  onCheck?: (check: VerifyCheck) => void;
  onProgress?: (stage: string, done: number, total: number) => void;
}

const count = (n: number) => n.toLocaleString('en');

export async function verify(options: VerifyOptions): Promise<VerifyCheck[]> {
  const { pool, store, projections } = options;
  const checks: VerifyCheck[] = [];
  const report = (check: VerifyCheck) => {
    checks.push(check);
    options.onCheck?.(check);
  };

  const chain = await verifyHashChain(pool, {
    onProgress: (done, position) => options.onProgress?.('hash chain', done, position),
  });
  report(
    chain.ok
      ? {
          name: 'hash chain',
          ok: true,
          detail: `${count(chain.count)} events chained up to position ${chain.lastPosition}, head hash ${chain.lastHash}`,
        }
      : {
          name: 'hash chain',
          ok: false,
          detail: `broken at position ${chain.brokenAt} (${chain.reason}); ${count(chain.count)} events verified before it`,
        },
  );
  // Where the log was re-sealed: the chain head's hash an earlier report printed, and its hash now.
  for (const reseal of chain.ok ? chain.reseals : [])
    report({
      name: `re-sealed at position ${reseal.position}`,
      ok: true,
      detail: `old head hash ${reseal.oldHash} → new hash ${reseal.newHash}`,
    });

  // One pass over the log: the postings audit sees every event up to the head; each projection
  // is rebuilt into shadow tables up to its live checkpoint.
  const tables = tablesOf(projections);
  const suffix = verifySuffix();
  const { client, release } = await checkout(pool);
  try {
    await client.query('SET synchronous_commit = off');
    await createShadowTables(client, tables, suffix);
    const head = await store.headPosition();
    const checkpoints = await readCheckpoints(pool);
    const shadowAt = new Map(projections.map((p) => [p.name, checkpoints.get(p.name) ?? 0]));
    const audit = new PostingsAudit();
    const source = await eventSourceFor(pool, store);
    await projectRange({
      source,
      client,
      tableName: shadowNamer(suffix),
      batchSize: options.batchSize,
      readUpTo: head,
      targets: projections.map((projection) => ({
        projection,
        after: 0,
        upTo: shadowAt.get(projection.name)!,
      })),
      onBatch: (progress, events) => {
        audit.observe(events);
        options.onProgress?.('rebuild', progress.position, head);
      },
    });

    report({
      name: 'postings per event sum to zero',
      ok: audit.unbalanced.length === 0,
      detail: audit.unbalanced.length
        ? `${count(audit.unbalanced.length)} of ${count(audit.moneyEvents)} money events do not balance, first at position ${audit.unbalanced[0]!.position} (event ${audit.unbalanced[0]!.eventId}, sum ${audit.unbalanced[0]!.sum})`
        : `${count(audit.moneyEvents)} money events, ${count(audit.postings)} postings, of ${count(audit.events)} events`,
    });

    const sums = (
      await client.query<{ balances: string | null; accounts: string; entries: string | null }>(
        `SELECT (SELECT sum(balance) FROM account_balances) AS balances, (SELECT count(*) FROM account_balances) AS accounts,
                (SELECT sum(amount) FROM ledger_entries) AS entries`,
      )
    ).rows[0]!;
    const readModelSum = Number(sums.balances ?? 0);
    const journalSum = Number(sums.entries ?? 0);
    report({
      name: 'all accounts sum to zero',
      ok: audit.total === 0 && readModelSum === 0 && journalSum === 0,
      detail: `log: ${audit.total} over ${count(audit.accounts.size)} accounts; balances: ${readModelSum} over ${count(Number(sums.accounts))} accounts; journal: ${journalSum}`,
    });

    const negative = (
      await client.query<{ n: string; first: string | null }>(
        `SELECT count(*) AS n, min(account) AS first FROM account_balances
         WHERE balance < 0 AND (account LIKE 'user:%' OR account LIKE 'campaign:%')`,
      )
    ).rows[0]!;
    report({
      name: 'no user or escrow balance below zero',
      ok: Number(negative.n) === 0,
      detail: Number(negative.n)
        ? `${negative.n} accounts below zero, e.g. ${negative.first}`
        : 'none below zero',
    });

    for (const projection of projections)
      report(await compareProjection(client, source, projection, shadowAt, suffix, options));
  } finally {
    await dropShadowTables(client, tables, suffix).catch(() => undefined);
    release(true);
  }
  return checks;
}

/**
 * Compares in a REPEATABLE READ snapshot, where a read model and its checkpoint are consistent
 * (they commit together), without stopping the live projector. If the projector moved since the
 * shadow was built, the shadow catches up outside the snapshot and we look again.
 */
async function compareProjection(
  client: import('pg').PoolClient,
  source: EventSource,
  projection: Projection,
  shadowAt: Map<string, number>,
  suffix: string,
  options: VerifyOptions,
): Promise<VerifyCheck> {
  const tableName = shadowNamer(suffix);
  for (let attempt = 0; ; attempt++) {
    const built = shadowAt.get(projection.name)!;
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    try {
      const live = await readCheckpoint(client, projection.name);
      if (live !== built && attempt < 10) {
        await client.query('COMMIT');
        const target: RangeTarget = { projection, after: built, upTo: live };
        await projectRange({ source, client, tableName, batchSize: options.batchSize, targets: [target] });
        shadowAt.set(projection.name, live);
        continue;
      }
      if (live !== built) {
        // Still moving after 10 looks: catch up inside the snapshot (this briefly holds an xid).
        await projectRange({
          source,
          client,
          tableName,
          batchSize: options.batchSize,
          targets: [{ projection, after: built, upTo: live }],
        });
      }
      const results: TableComparison[] = [];
      for (const table of projection.tables)
        results.push(await compareTables(client, table.name, shadowName(table.name, suffix)));
      await client.query('COMMIT');
      const differing = results.filter((r) => r.onlyLive || r.onlyRebuilt);
      return {
        name: `read model ${projection.name}`,
        ok: differing.length === 0,
        detail: differing.length
          ? differing
              .map(
                (r) =>
                  `${r.table} differs from a rebuild at position ${live}: ${count(r.onlyLive)} rows only in the read model, ${count(r.onlyRebuilt)} only in the rebuild`,
              )
              .join('; ')
          : `${results.map((r) => `${r.table} ${count(r.rows)} rows`).join(', ')} equal a rebuild at position ${live}`,
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}
