/**
 * Finance's audit and overview calls (docs/api/finance.md): verify and rebuild runs with live
 * progress, the projectors' and reactors' status, and the per-day figures for the charts.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

export type FinanceRun = ApiAnswer<'getFinanceRunsByRunId'>['run'];
export type VerifyReport = ApiAnswer<'getFinanceVerify'>;
export type RebuildResult = { position: number; events: number; seconds: number };
export type ProjectionsReport = ApiAnswer<'getFinanceProjections'>;
/** A projector or a reactor: both consumers of the log, with the same status. */
export type ConsumerStatus = ProjectionsReport['projectors'][number];
export type ChartDay = ApiAnswer<'getFinanceCharts'>['days'][number];
export type RunRequest = ApiBody<'postFinanceRuns'>;

/** How often a running run is asked for (ms), and the projectors' table. */
export const RUN_POLL_MS = 500;
export const STATUS_POLL_MS = 5000;

export function isVerifyReport(result: FinanceRun['result']): result is VerifyReport {
  return !!result && 'checks' in result;
}

export function isRebuildResult(result: FinanceRun['result']): result is RebuildResult {
  return !!result && 'events' in result;
}

/** The journal as CSV for a range of days: [from's midnight, the midnight after to), in the reader's zone. */
export function journalCsvUrl(from: string, to: string): string {
  const params = new URLSearchParams();
  if (from) params.set('from', new Date(`${from}T00:00:00`).toISOString());
  if (to) {
    const end = new Date(`${to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    params.set('to', end.toISOString());
  }
  const query = params.toString();
  return `/api/finance/export.csv${query ? `?${query}` : ''}`;
}

export const financeAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFinanceRuns: build.query<FinanceRun[], void>({
      query: () => '/finance/runs',
      transformResponse: (answer: ApiAnswer<'getFinanceRuns'>) => answer.runs,
    }),
    getFinanceRun: build.query<FinanceRun, string>({
      query: (runId) => `/finance/runs/${encodeURIComponent(runId)}`,
      transformResponse: (answer: ApiAnswer<'getFinanceRunsByRunId'>) => answer.run,
    }),
    startFinanceRun: build.mutation<FinanceRun, RunRequest>({
      query: (body) => ({ url: '/finance/runs', method: 'POST', body }),
      transformResponse: (answer: ApiAnswer<'postFinanceRuns', 202>) => answer.run,
      // The new run shows in the recent list at once.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data: run } = await queryFulfilled;
          dispatch(financeAuditApi.util.upsertQueryData('getFinanceRun', run.id, run));
          dispatch(
            financeAuditApi.util.updateQueryData('getFinanceRuns', undefined, (runs) => {
              if (!runs.some((r) => r.id === run.id)) runs.unshift(run);
            }),
          );
        } catch {
          // The form shows the refusal.
        }
      },
    }),
    getFinanceProjections: build.query<ProjectionsReport, void>({
      query: () => '/finance/projections',
    }),
    getFinanceCharts: build.query<ChartDay[], number>({
      query: (days) => ({ url: '/finance/charts', params: { days } }),
      transformResponse: (answer: ApiAnswer<'getFinanceCharts'>) => answer.days,
    }),
  }),
});

export const {
  useGetFinanceRunsQuery,
  useGetFinanceRunQuery,
  useStartFinanceRunMutation,
  useGetFinanceProjectionsQuery,
  useGetFinanceChartsQuery,
} = financeAuditApi;
