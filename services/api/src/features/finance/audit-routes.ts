/** Finance's checks on the ledger: verification against a rebuild, and the projectors' and reactors' progress. */
import { openFailures, type ConsumerStatus } from '@kobo/projector';
import type { ApiContext } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import { iso } from '../admin/wire';
import { RunConflictError, type RunBook, type VerifyReport } from './runs';
import { projectionsReportSchema, verifyReportSchema } from './schemas';

const FINANCE = ['finance', 'admin'] as const;

interface CheckpointRow {
  projector: string;
  updated_at: Date;
  rebuilt_at: Date | null;
}

export function auditRoutes(ctx: ApiContext, runs: RunBook) {
  return [
    defineRoute({
      method: 'get',
      path: '/finance/verify',
      summary:
        'Verify the ledger: hash chain, double entry, no negative balances, every read model against a rebuild',
      description:
        'Answers 200 with ok: false when a check fails; each check names what it found. The same run as ' +
        "POST /finance/runs {kind: 'verify'}: a request while one runs waits for it.",
      tags: ['finance'],
      access: FINANCE,
      responses: {
        200: { description: 'The report: ok, and each check with what it found', schema: verifyReportSchema },
        409: { description: 'A rebuild is running; verify once it has finished', problem: true },
      },
      async handler({ principal }) {
        let run;
        try {
          run = await runs.startVerify(principal.userId);
        } catch (error) {
          if (error instanceof RunConflictError) throw new HttpProblem('conflict', error.message);
          throw error;
        }
        const finished = await runs.finished(run);
        if (finished.state !== 'succeeded') throw new Error(finished.error ?? `verify ${finished.state}`);
        return finished.result as VerifyReport;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/finance/projections',
      summary: "Each projector's and reactor's checkpoint, the log head, lag, state and open failures",
      tags: ['finance'],
      access: FINANCE,
      responses: {
        200: {
          description: "The log head, each projector's and reactor's progress and state, and open failures",
          schema: projectionsReportSchema,
        },
      },
      async handler() {
        const [projectors, reactors, failures, checkpoints] = await Promise.all([
          ctx.projectors.status(),
          ctx.reactors.status(),
          openFailures(ctx.pool),
          ctx.pool.query<CheckpointRow>(
            'SELECT projector, updated_at, rebuilt_at FROM projection_checkpoints',
          ),
        ]);
        const stamps = new Map(checkpoints.rows.map((row) => [row.projector, row]));
        const shown = (s: ConsumerStatus) => ({
          name: s.name,
          kind: s.kind,
          description: s.description,
          position: s.position,
          head: s.head,
          lag: s.lag,
          state: s.state,
          leader: s.leader,
          failure: s.failure,
          lastError: s.lastError,
          updatedAt: iso(stamps.get(s.name)?.updated_at),
          rebuiltAt: iso(stamps.get(s.name)?.rebuilt_at),
        });
        const all = [...projectors, ...reactors];
        return {
          head: all.reduce((head, s) => Math.max(head, s.head), 0),
          ok: failures.length === 0 && all.every((s) => s.state !== 'failed'),
          projectors: projectors.map(shown),
          reactors: reactors.map(shown),
          failures: failures.map(({ consumer, ...f }) => ({
            projector: consumer,
            ...f,
            firstFailedAt: iso(f.firstFailedAt),
            lastFailedAt: iso(f.lastFailedAt),
          })),
        };
      },
    }),
  ];
}
