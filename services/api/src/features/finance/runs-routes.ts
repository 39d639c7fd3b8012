/** Verify and rebuild as runs with live progress: start one, then poll it (finance and admin). */
import { z } from 'zod';
import { defineRoute, HttpProblem } from '../../http';
import { projectionNames, RECENT_RUNS, RunConflictError, type RunBook } from './runs';
import { verifyReportSchema } from './schemas';

const FINANCE = ['finance', 'admin'] as const;

const projectionChoices = () => [...projectionNames(), 'all'];

export const runBody = z
  .object({
    kind: z.enum(['verify', 'rebuild'], { error: 'Kind is verify or rebuild.' }),
    projection: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'rebuild' && !body.projection)
      ctx.addIssue({
        code: 'custom',
        path: ['projection'],
        message: 'Choose the projection to rebuild, or all.',
      });
    else if (body.projection && !projectionChoices().includes(body.projection))
      ctx.addIssue({
        code: 'custom',
        path: ['projection'],
        message: `Unknown projection ${body.projection}; known: ${projectionChoices().join(', ')}.`,
      });
  });

const runParams = z.object({ runId: z.string().trim().min(1).max(100) });

export const rebuildResultSchema = z
  .object({
    position: z.number().int().describe('The log position the rebuilt tables reached'),
    events: z.number().int().describe('Events projected'),
    seconds: z.number(),
  })
  .meta({ id: 'RebuildResult' });

export const financeRunSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['verify', 'rebuild']),
    projection: z.string().nullable().describe("The projection rebuilt, or 'all'; null for verify"),
    state: z
      .enum(['running', 'succeeded', 'failed', 'interrupted'])
      .describe('interrupted: the API process running it stopped before it finished'),
    stage: z.string().describe('What the run is doing now, in words'),
    done: z
      .number()
      .int()
      .describe('Progress within the stage (events or log position, or read models compared)'),
    total: z.number().int(),
    percent: z.number().int().min(0).max(100).describe('Progress of the whole run'),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    startedBy: z.string().describe('The user id of who started it'),
    startedByName: z.string().nullable().describe('Who started it, by name (or email when they have none)'),
    result: z
      .union([verifyReportSchema.meta({ id: 'VerifyReport' }), rebuildResultSchema])
      .nullable()
      .describe('verify: the same report as GET /finance/verify; rebuild: position, events, seconds'),
    error: z.string().nullable(),
  })
  .meta({ id: 'FinanceRun' });

const runAnswer = z.object({ run: financeRunSchema }).meta({ id: 'FinanceRunAnswer' });

/** The routes of the run book (made once in ./routes.ts, shared with GET /finance/verify). */
export function runsRoutes(book: RunBook) {
  return [
    defineRoute({
      method: 'post',
      path: '/finance/runs',
      summary: 'Start a verify run, or a rebuild of one projection (or all), with live progress',
      description:
        'Answers 202 at once; poll GET /finance/runs/{runId}. One verify at a time, across API processes: a second request while one runs answers the running one. Runs are kept in the database with who started them: a restart keeps them, and a run whose process stopped reads interrupted.',
      tags: ['finance'],
      access: FINANCE,
      body: runBody,
      responses: {
        202: { description: 'The run, started (or the verify run already running)', schema: runAnswer },
        400: { description: 'Unknown kind or projection, or a rebuild without a projection', problem: true },
        409: {
          description: 'A rebuild of that projection is running, or a verify and a rebuild would overlap',
          problem: true,
        },
      },
      async handler({ body, principal }) {
        try {
          if (body.kind === 'verify') return { run: await book.startVerify(principal.userId) };
          return { run: await book.startRebuild(body.projection!, principal.userId) };
        } catch (error) {
          if (error instanceof RunConflictError) throw new HttpProblem('conflict', error.message);
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/finance/runs',
      summary: `The recent verify and rebuild runs, of every API process and before restarts, newest first (at most ${RECENT_RUNS})`,
      tags: ['finance'],
      access: FINANCE,
      responses: {
        200: {
          description: 'The runs, newest first',
          schema: z.object({ runs: z.array(financeRunSchema) }).meta({ id: 'FinanceRuns' }),
        },
      },
      handler: async () => ({ runs: await book.recent() }),
    }),
    defineRoute({
      method: 'get',
      path: '/finance/runs/:runId',
      summary: 'One run: its state, stage, progress and, once finished, its result or error',
      tags: ['finance'],
      access: FINANCE,
      params: runParams,
      responses: {
        200: { description: 'The run', schema: runAnswer },
        404: { description: 'No such run', problem: true },
      },
      async handler({ params }) {
        const run = await book.get(params.runId);
        if (!run) throw new HttpProblem('not_found', 'Run not found.');
        return { run };
      },
    }),
  ];
}
