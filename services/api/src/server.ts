import express, { type Express } from 'express';
import type { Pool } from '@kobo/platform';

export interface ServerDependencies {
  pool: Pool;
  /** Names of projectors stopped at a poison event; the service is not ready while any is. */
  failedProjectors: () => Promise<string[]>;
}

export function createServer({ pool, failedProjectors }: ServerDependencies): Express {
  const app = express();
  app.disable('x-powered-by');

  // Alive: the process answers.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Ready: the database answers and no projector is stuck.
  app.get('/readyz', async (_req, res) => {
    const problems: string[] = [];
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      problems.push(`database: ${(error as Error).message}`);
    }
    for (const name of await failedProjectors())
      problems.push(`projector ${name} is stopped at a poison event`);
    res
      .status(problems.length ? 503 : 200)
      .json({ status: problems.length ? 'unavailable' : 'ready', problems });
  });

  return app;
}
