/** The bench's table on the terminal and the same figures as JSON (artifacts/bench-api.json). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { KEPT_UP_SHARE, type ScenarioResult } from './run-scenario';

/** Above this share of failed requests (non-2xx, errors, timeouts) a scenario measured nothing useful. */
export const MAX_FAILED_SHARE = 0.01;

export function failedShare(result: ScenarioResult): number {
  const attempted = result.requests + result.errors + result.timeouts;
  return attempted === 0 ? 1 : (result.non2xx + result.errors + result.timeouts) / attempted;
}

export function isValid(result: ScenarioResult): boolean {
  return result.requests > 0 && failedShare(result) <= MAX_FAILED_SHARE;
}

const goalText = (r: ScenarioResult) =>
  r.goal
    ? `>= ${r.goal.minRequestsPerSecond.toLocaleString('en')} req/s` +
      (r.goal.maxP99Ms === undefined ? '' : `, p99 < ${r.goal.maxP99Ms} ms`)
    : '-';

const verdict = (r: ScenarioResult) => {
  if (!isValid(r)) return 'INVALID';
  if (!r.goal) return '';
  return r.goal.met ? 'met' : 'MISSED';
};

export function printTable(results: readonly ScenarioResult[]): void {
  const rows = [
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'goal', ''],
    ...results.map((r) => [
      r.name,
      Math.round(r.requestsPerSecond).toLocaleString('en'),
      String(r.p50Ms),
      String(r.p99Ms),
      String(r.non2xx),
      String(r.errors + r.timeouts),
      goalText(r),
      verdict(r),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5]);
  const line = (row: string[]) =>
    row.map((cell, c) => (numeric.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ');
  console.log(`\n${line(rows[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows.slice(1)) console.log(line(row));
  const offered = results.find((r) => r.offeredRate > 0)?.offeredRate;
  if (offered !== undefined)
    console.log(
      `\nOffered: ${offered.toLocaleString('en')} req/s by all connections together. A goal's rate is met ` +
        `when the offered rate reaches it and the run kept up (served at least ${KEPT_UP_SHARE * 100}% of it).`,
    );
  for (const r of results) {
    if (r.cappedAt !== undefined)
      console.log(`\n${r.name}: stopped after ${r.cappedAt} requests (every user × campaign pair used).`);
    if (r.non2xx + r.errors + r.timeouts === 0) continue;
    console.log(
      `\n${r.name}: statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}, timeouts ${r.timeouts}`,
    );
    for (const [status, body] of Object.entries(r.samples)) console.log(`  ${status}: ${body}`);
  }
}

export function writeJson(path: string, report: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}
