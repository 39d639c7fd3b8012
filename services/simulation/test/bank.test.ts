/**
 * The bank test, short: fixed seeds of the simulation (services/simulation) on a fresh database
 * each, with the projectors, job workers and API killed and restarted along the way. The long run
 * is `npm run simulate -- --seed N --steps 5000` (docs/runbooks/simulation.md).
 */
import { createTestDatabase } from '@kobo/platform/testing';
import { runSimulation, type SimulationResult } from '../src/simulate';
import { formatResult } from '../src/report';

async function simulate(seed: number, steps: number): Promise<SimulationResult> {
  const db = await createTestDatabase(20);
  try {
    return await runSimulation({ seed, steps, pool: db.pool, databaseUrl: db.url, faultRate: 0.08 });
  } finally {
    await db.drop();
  }
}

describe('the bank test', () => {
  it.each([1, 2])('seed %i keeps every invariant through kills and retries', async (seed) => {
    const result = await simulate(seed, 150);
    if (result.violation) throw new Error(formatResult(result));
    expect(result.stepsRun).toBe(150);
    expect(result.checks.length).toBeGreaterThan(5);
    expect(result.checks.every((check) => check.ok)).toBe(true);
    // The run did what it is for: money moved, requests were sent again, processes died.
    expect(result.commands.withdraw).toBeGreaterThan(5);
    expect(result.commands.markPaid).toBeGreaterThan(0);
    expect(result.duplicates).toBeGreaterThan(5);
    expect(result.kills.projectors + result.kills.jobs + result.kills.api).toBeGreaterThan(3);
  });
});
