/** The figures of a run, as `npm run simulate` prints them and as a failing test shows them. */
import type { PayoutFigures } from './provider';
import type { SimulationResult } from './simulate';

function payoutLine(p: PayoutFigures): string {
  const transfers = Object.values(p.transfers).reduce((sum, n) => sum + n, 0);
  const byStatus = Object.entries(p.transfers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  const w = p.webhooks;
  return [
    `payouts:     ${p.provider}: ${transfers} transfers (${byStatus}), ₦${(p.sent / 100).toFixed(2)} sent and kept`,
    `             webhooks ${w.delivered} delivered, ${w.lost} lost, ${w.secondCopies} sent twice, ${w.undelivered} not taken (API down)`,
    `             ${p.unansweredInitiates} transfer calls unanswered or 5xx; ${p.held} held, ${p.movedToManual} moved to the manual desk; ${p.reconciled} settled by reconciliation; ${p.leftSending} left Sending; ${p.discrepancies} discrepancies`,
  ].join('\n');
}

export function formatResult(result: SimulationResult): string {
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  const total = Object.values(result.commands).reduce((sum, n) => sum + n, 0);
  const kills = Object.values(result.kills).reduce((sum, n) => sum + n, 0);
  const lines = [
    `seed:        ${result.seed}`,
    `steps:       ${result.stepsRun} of ${result.steps}`,
    `commands:    ${total} (${list(result.commands)})`,
    `retries:     ${result.retries} after a lost answer or 5xx; ${result.duplicates} sent twice on purpose with the same key`,
    `kills:       ${kills} (${list(result.kills)})`,
    `deletions:   ${result.deletions.erased} accounts deleted and erased; ${result.deletions.refusedInFlight} refused with a withdrawal in flight`,
    `events:      ${result.events}`,
    `duration:    ${(result.durationMs / 1000).toFixed(1)} s`,
    `schedule:    ${result.fingerprint}`,
    ...(result.payouts ? [payoutLine(result.payouts)] : [`payouts:     ${result.provider}`]),
    ...result.checks.map((check) => `  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`),
  ];
  for (const [finding, n] of Object.entries(result.findings)) lines.push(`  noted ${n}× ${finding}`);
  if (result.violation) {
    lines.push(`FAIL: ${result.violation}`);
    lines.push(
      `replay: npm run simulate -- --seed ${result.seed} --steps ${result.steps}${result.provider === 'manual' ? '' : ` --provider ${result.provider}`}`,
    );
  } else lines.push('PASS');
  return lines.join('\n');
}
