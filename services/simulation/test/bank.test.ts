/**
 * The bank test, short: fixed seeds of the simulation (services/simulation) on a fresh database
 * each, with the projectors, job workers and API killed and restarted along the way, and accounts
 * deleted (then erased) at seeded moments; one seed pays
 * through Paystack (its local double, with seeded outcomes, lost and duplicated webhooks and
 * unanswered transfer calls). The long run is `npm run simulate -- --seed N --steps 5000
 * [--provider paystack]` (docs/runbooks/simulation.md).
 */
import { createTestDatabase } from '@kobo/platform/testing';
import { runSimulation, type SimulationResult } from '../src/simulate';
import { formatResult } from '../src/report';

async function simulate(
  seed: number,
  steps: number,
  provider: 'manual' | 'paystack' = 'manual',
): Promise<SimulationResult> {
  const db = await createTestDatabase(20);
  try {
    return await runSimulation({
      seed,
      steps,
      pool: db.pool,
      databaseUrl: db.url,
      faultRate: 0.08,
      provider,
    });
  } finally {
    await db.drop();
  }
}

function expectEveryInvariant(result: SimulationResult, steps: number) {
  if (result.violation) throw new Error(formatResult(result));
  expect(result.stepsRun).toBe(steps);
  expect(result.checks.length).toBeGreaterThan(5);
  expect(result.checks.every((check) => check.ok)).toBe(true);
  // The run did what it is for: money moved, requests were sent again, processes died.
  expect(result.commands.withdraw).toBeGreaterThan(5);
  expect(result.duplicates).toBeGreaterThan(5);
  expect(result.kills.projectors + result.kills.jobs + result.kills.api).toBeGreaterThan(3);
  // Accounts were deleted, one was refused while its money was in flight, and each erasure was checked.
  expect(result.deletions.erased).toBeGreaterThan(0);
  expect(result.deletions.refusedInFlight).toBeGreaterThan(0);
  expect(
    result.checks.filter((check) => check.name.startsWith('erasure:')).map((check) => check.name),
  ).toEqual([
    "erasure: every deleted person's data key destroyed",
    "erasure: the log opens none of an erased person's values",
    "erasure: no table holds an erased person's values",
    "erasure: an erased person's proof images deleted",
  ]);
}

describe('the bank test', () => {
  it.each([1, 2])('seed %i keeps every invariant through kills, retries and erasures', async (seed) => {
    const result = await simulate(seed, 150);
    expectEveryInvariant(result, 150);
    expect(result.commands.markPaid).toBeGreaterThan(0);
  });

  it('seed 3 pays through Paystack: one transfer per payout, and the money that left is what the ledger paid', async () => {
    const result = await simulate(3, 150, 'paystack');
    expectEveryInvariant(result, 150);
    const payoutChecks = result.checks.filter((check) => check.name.startsWith('payouts:'));
    expect(payoutChecks.map((check) => check.name)).toEqual([
      'payouts: one transfer per withdrawal',
      'payouts: money sent equals the ledger',
      'payouts: every transfer settled in the ledger as it ended',
      'payouts: references are the transfer codes',
      'payouts: no discrepancy but a report overtaken',
    ]);
    // Withdrawals were approved and the provider, not finance, sent them.
    expect(result.commands.approveWithdrawal).toBeGreaterThan(2);
    const transfers = Object.values(result.payouts!.transfers).reduce((sum, n) => sum + n, 0);
    expect(transfers).toBeGreaterThan(2);
  }, 120_000);
});
