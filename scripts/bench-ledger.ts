/**
 * npm run bench:ledger: the ledger's two figures, printed and meant for docs/performance.md.
 *  1. appends/s from 32 concurrent writers, ours against @event-driven-io/emmett-postgresql,
 *     same PostgreSQL, same run, synchronous commit on;
 *  2. projection rebuild speed over 1,000,000 events (BENCH_EVENTS to change);
 *  3. commands on streams that grow (10,000 events) against fresh streams;
 *  4. what sealing personal data costs: appends and reads of a person's events, sealed against as
 *     stored (ratios, alternating rounds).
 * BENCH_ONLY=append,rebuild,streams,sealing runs only the parts named.
 * DATABASE_URL picks the server (default: 127.0.0.1:5432); each part makes and drops its own database.
 *
 * Each part runs in its own process: Emmett's driver globally re-registers PostgreSQL's int8 and
 * jsonb parsers (int8 as BigInt), which must not leak into our code's measurements.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');

function runPart(script: string, args: string[] = []): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: Record<string, number> | undefined;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines)
        if (line.startsWith('RESULT ')) result = JSON.parse(line.slice('RESULT '.length));
        else console.log(line);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`${script} failed (exit ${code})`)),
    );
  });
}

async function main() {
  const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
  const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
  const wanted = (part: string) => !only || only.includes(part);
  const append = wanted('append') ? await runPart('services/ledger/bench/append-bench.ts') : undefined;
  const rebuild = wanted('rebuild')
    ? await runPart('services/projector/bench/rebuild-bench.ts', ['--events', String(events)])
    : undefined;
  const grow = wanted('streams') ? await runPart('services/ledger/bench/stream-bench.ts') : undefined;
  const sealing = wanted('sealing') ? await runPart('services/ledger/bench/sealing-bench.ts') : undefined;
  const n = (value: number | undefined) => Math.round(value ?? 0).toLocaleString('en');
  console.log('\n== bench:ledger summary ==');
  if (append) {
    console.log(`appends, ours:    ${n(append.ours)} events/s`);
    console.log(`appends, Emmett:  ${n(append.emmett)} events/s`);
    console.log(`ratio (ours/Emmett): ${(append.ratio ?? 0).toFixed(2)} (goal >= 1.5)`);
  }
  if (rebuild)
    console.log(
      `rebuild: ${n(rebuild.events)} events in ${(rebuild.seconds ?? 0).toFixed(1)} s = ` +
        `${n(rebuild.eventsPerSecond)} events/s (goal >= 30,000)`,
    );
  if (grow)
    for (const stream of ['FreshUser', 'BigUser', 'NewCampaign', 'BusyCampaign'])
      console.log(
        `${stream.padEnd(13)} cold ${n(grow[`cold${stream}PerSecond`])} commands/s ` +
          `(p99 ${(grow[`cold${stream}P99`] ?? 0).toFixed(1)} ms), warm ${n(grow[`warm${stream}PerSecond`])} ` +
          `commands/s (p99 ${(grow[`warm${stream}P99`] ?? 0).toFixed(1)} ms)`,
      );
  if (sealing) {
    console.log(
      `sealed appends: ${n(sealing.appendSealed)} events/s against ${n(sealing.appendStored)} as stored ` +
        `= ${(sealing.appendRatio ?? 0).toFixed(2)}`,
    );
    console.log(
      `opened reads:   ${n(sealing.readSealed)} events/s against ${n(sealing.readStored)} as stored ` +
        `= ${(sealing.readRatio ?? 0).toFixed(2)}`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
