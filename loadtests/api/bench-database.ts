/** A throwaway database for one bench run, on the server DATABASE_URL names; dropped at the end. */
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  /**
   * The server's `fsync` ('on' or 'off'). The stack's PostgreSQL runs with it off (its data is
   * disposable), which flatters what waits on a commit: the write path is judged with it on.
   */
  fsync: string;
  /**
   * The process ids of the server's backends (and autovacuum workers) connected to this database
   * now, when the server runs on this machine (a loopback address); undefined otherwise. Their CPU
   * over a measured run is PostgreSQL's share of the load (run-scenario.ts).
   */
  backendPids(): Promise<number[] | undefined>;
  /** Proofs submitted and proofs verified so far (the verification job runs behind the answers). */
  proofsVerified(): Promise<{ submitted: number; verified: number }>;
  drop(): Promise<void>;
}

/** `prefix`: which bench made it (kobo_bench_api_<timestamp>, kobo_bench_k6_<timestamp>). */
export async function createBenchDatabase(
  serverUrl: string,
  prefix = 'kobo_bench_api',
): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  let fsync = 'unknown';
  await onServer(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    fsync = (await client.query<{ fsync: string }>('SHOW fsync')).rows[0]!.fsync;
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return {
    name,
    url: url.toString(),
    fsync,
    async backendPids() {
      if (!local) return undefined;
      let pids: number[] = [];
      // From the server's own database, so the asking connection is none of them.
      await onServer(serverUrl, async (client) => {
        const { rows } = await client.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        pids = rows.map((row) => row.pid);
      });
      return pids;
    },
    async proofsVerified() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ submitted: number; verified: number }>(
          `SELECT count(*) FILTER (WHERE type = 'TaskSubmitted')::int AS submitted,
                  count(*) FILTER (WHERE type = 'SubmissionVerified')::int AS verified
           FROM events WHERE type IN ('TaskSubmitted', 'SubmissionVerified')`,
        );
        return rows[0]!;
      } finally {
        await client.end();
      }
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      // WITH (FORCE): a service killed mid-run may leave connections behind.
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
