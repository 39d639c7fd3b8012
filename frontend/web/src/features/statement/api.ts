/**
 * The ledger statement behind each balance, and the proof that one entry is in the hash-chained
 * log. Money commands invalidate 'Statement' (moneyTags), so a statement never lags the balances.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiQuery } from '../../shared/api/types';

export type StatementBalance = NonNullable<NonNullable<ApiQuery<'getUsersStatement'>>['balance']>;
export type Statement = ApiAnswer<'getUsersStatement'>;
export type StatementEntry = Statement['entries'][number];
export type EntryProof = ApiAnswer<'getUsersStatementEntriesByEventIdProof'>;

export const statementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatement: build.query<Statement, StatementBalance>({
      query: (balance) => ({ url: '/users/statement', params: { balance } }),
      providesTags: (_result, _error, balance) => ['Statement', { type: 'Statement', id: balance }],
    }),
    getEntryProof: build.query<EntryProof, string>({
      query: (eventId) => `/users/statement/entries/${encodeURIComponent(eventId)}/proof`,
      providesTags: (_result, _error, eventId) => [{ type: 'Statement', id: `proof:${eventId}` }],
      // A proof is a check made now: each Verify asks the server again.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetStatementQuery, useGetEntryProofQuery } = statementApi;
