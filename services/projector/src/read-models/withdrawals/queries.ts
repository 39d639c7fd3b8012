/**
 * Every read of the withdrawals read model (`withdrawals`, `payout_discrepancies`): the admin's
 * withdrawal desk, finance's payout desk and its discrepancies, a user's own withdrawals, and the
 * payouts reconciliation asks the provider about. A withdrawal is listed with who asked (the users,
 * user_stats and user_balances read models, joined by the user's id).
 */
import type { PayoutDiscrepancyKind, WithdrawalStatus } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { dayOf, windowParams, WINDOW_END, type DayChange, type DayWindow } from '../days';
import { Conditions, readPage, type OrderKey } from '../paging';
import type { PayoutDiscrepancyRow, WithdrawalRow } from './projection';

/** A withdrawal (the projector's row) with who asked, their counters and balances (left joins). */
export interface WithdrawalWithRequester extends WithdrawalRow {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  /** When the user's account was deleted (the person erased); null while it is not. */
  deleted_at: Date | null;
  total_tasks: number | null;
  total_referrals: number | null;
  account_balance: number | null;
  activity_balance: number | null;
}

const SELECT_WITHDRAWALS = `
  SELECT w.*, u.first_name, u.last_name, u.username, u.email, u.phone, u.deleted_at,
         s.total_tasks, s.total_referrals, b.account_balance, b.activity_balance
  FROM withdrawals w
  LEFT JOIN users u ON u.user_id = w.user_id
  LEFT JOIN user_stats s ON s.user_id = w.user_id
  LEFT JOIN user_balances b ON b.user_id = w.user_id`;

/** One page of a list: its rows, how many match in all, and the next page's cursor when full. */
export interface WithdrawalPage<R> {
  rows: R[];
  total: number;
  next?: string;
}

/** The admin's list: newest first unless sorted otherwise; `q` looks in who asked. */
export interface WithdrawalsQuery {
  q?: string;
  /** Any of these statuses (the old client's coarse status, as the read model's). */
  statusIn?: readonly WithdrawalStatus[];
  status?: WithdrawalStatus;
  sort?: 'requested_at' | 'amount';
  order?: 'ASC' | 'DESC';
  page: number;
  pageSize?: number;
  after?: string;
}

/** Requests in every state, by `sort` (newest first by default), then by id. */
export function listWithdrawals(
  pool: Pool,
  query: WithdrawalsQuery,
): Promise<WithdrawalPage<WithdrawalWithRequester>> {
  const where = new Conditions().search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.username',
    'u.email',
  ]);
  if (query.statusIn) where.add((param) => `w.status = ANY(${param(query.statusIn)}::text[])`);
  if (query.status) where.add((param) => `w.status = ${param(query.status)}`);
  return readPage<WithdrawalWithRequester>(pool, {
    select: SELECT_WITHDRAWALS,
    where,
    order: [
      [query.sort ?? 'requested_at', query.order ?? 'DESC'],
      ['withdrawal_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
}

export async function findWithdrawal(
  pool: Pool,
  withdrawalId: string,
): Promise<WithdrawalWithRequester | null> {
  const { rows } = await pool.query<WithdrawalWithRequester>(
    `${SELECT_WITHDRAWALS} WHERE w.withdrawal_id = $1`,
    [withdrawalId],
  );
  return rows[0] ?? null;
}

/** A user's payouts paid before this withdrawal (any other of theirs): how many, how much, the last. */
export interface EarlierPayouts {
  count: number;
  /** Kobo, as PostgreSQL's sum of a bigint answers it (numeric): a text; null when none. */
  total: string | null;
  last_paid_at: Date | null;
  last_amount: string | null;
}

export async function earlierPayouts(
  pool: Pool,
  userId: string,
  exceptWithdrawalId: string,
): Promise<EarlierPayouts> {
  const { rows } = await pool.query<EarlierPayouts>(
    `SELECT count(*)::int AS count, sum(amount) AS total, max(paid_at) AS last_paid_at,
            (array_agg(amount ORDER BY paid_at DESC))[1] AS last_amount
     FROM withdrawals WHERE user_id = $1 AND status = 'paid' AND withdrawal_id <> $2`,
    [userId, exceptWithdrawalId],
  );
  return rows[0]!;
}

/** A user's own withdrawals, newest first. */
export async function withdrawalsOfUser(pool: Pool, userId: string): Promise<WithdrawalRow[]> {
  const { rows } = await pool.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE user_id = $1
     ORDER BY requested_at DESC, withdrawal_id`,
    [userId],
  );
  return rows;
}

/** One of a user's own withdrawals (another person's id finds nothing). */
export async function withdrawalOfUser(
  pool: Pool,
  userId: string,
  withdrawalId: string,
): Promise<WithdrawalRow | undefined> {
  const { rows } = await pool.query<WithdrawalRow>(
    'SELECT * FROM withdrawals WHERE user_id = $1 AND withdrawal_id = $2',
    [userId, withdrawalId],
  );
  return rows[0];
}

// The payout desk -------------------------------------------------------------------------------

/** The payout desk's lists. */
export const payoutStates = ['pending', 'sending', 'attention', 'paid', 'failed', 'reversed', 'all'] as const;
export type PayoutState = (typeof payoutStates)[number];

/**
 * Who pays an approved withdrawal that no desk has taken yet: with the manual provider, finance
 * (the manual desk lists it); with a payout provider, the payout job, which hands it to the
 * provider (PayoutSent) or holds it (PayoutHeld), and finance only sees it once moved to the
 * manual desk.
 */
export interface Desks {
  manualTakesUnassigned: boolean;
}

/** The manual desk's payouts: moved there, or (manual provider) approved and not yet taken. */
function onManualDesk(desks: Desks): string {
  const unassigned = desks.manualTakesUnassigned
    ? " OR (w.payout_desk IS NULL AND w.status = 'approved')"
    : '';
  return `(w.status IN ('approved', 'sending') AND (w.payout_desk = 'manual'${unassigned}))`;
}

const conditionFor: Record<PayoutState, (desks: Desks) => string> = {
  pending: onManualDesk,
  sending: () => `(w.status = 'sending' AND w.payout_desk = 'provider')`,
  attention: () =>
    `(w.status IN ('approved', 'sending') AND w.held_reason IS NOT NULL AND w.payout_desk IS DISTINCT FROM 'manual')`,
  paid: () => `w.status = 'paid'`,
  failed: () => `w.status = 'payout_failed'`,
  reversed: () => `w.status = 'reversed'`,
  all: () => `w.status IN ('approved', 'sending', 'paid', 'payout_failed', 'reversed')`,
};

/**
 * Whether finance may mark this payout paid or failed by hand: only one on the manual desk (the
 * condition of `onManualDesk`, on a row in hand).
 */
export function isOnManualDesk(row: Pick<WithdrawalRow, 'status' | 'payout_desk'>, desks: Desks): boolean {
  if (row.status !== 'approved' && row.status !== 'sending') return true; // settled: the ledger answers
  return row.payout_desk === 'manual' || (desks.manualTakesUnassigned && row.payout_desk === null);
}

/** The date a list's range applies to: when paid, failed or reversed for those lists, else when approved. */
const dateOf: Record<PayoutState, string> = {
  pending: 'w.approved_at',
  sending: 'w.approved_at',
  attention: 'w.approved_at',
  paid: 'w.paid_at',
  failed: 'w.failed_at',
  reversed: 'w.reversed_at',
  all: 'w.approved_at',
};

/** Oldest approval first: the order to pay them in (approved_at is set in every payout state). */
const PAYOUT_ORDER: OrderKey[] = [
  ['coalesce(approved_at, requested_at)', 'ASC'],
  ['withdrawal_id', 'ASC'],
];

export interface PayoutsQuery {
  state: PayoutState;
  q?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize?: number;
  after?: string;
}

/**
 * One page of payouts in a state, by key; `q` looks in who asked (name, username, email), the bank
 * account and the references; [from, to) on the list's date (dateOf).
 */
export function listPayouts(
  pool: Pool,
  desks: Desks,
  query: PayoutsQuery,
): Promise<WithdrawalPage<WithdrawalWithRequester>> {
  const where = new Conditions().add(() => conditionFor[query.state](desks));
  if (query.from) where.add((param) => `${dateOf[query.state]} >= ${param(query.from)}`);
  if (query.to) where.add((param) => `${dateOf[query.state]} < ${param(query.to)}`);
  where.search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.username',
    'u.email',
    'w.account_name',
    'w.account_num',
    'w.payout_reference',
    'w.transfer_code',
  ]);
  return readPage<WithdrawalWithRequester>(pool, {
    select: SELECT_WITHDRAWALS,
    where,
    order: PAYOUT_ORDER,
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
}

/** The manual desk's figures, counted by the database (kobo and counts as PostgreSQL answers them). */
export interface PayoutCounts {
  awaiting: string;
  to_send: string;
  oldest: Date | null;
  attention: string;
  sending: string;
}

export async function payoutCounts(pool: Pool, desks: Desks): Promise<PayoutCounts> {
  const { rows } = await pool.query<PayoutCounts>(
    `SELECT count(*) FILTER (WHERE ${onManualDesk(desks)}) AS awaiting,
            coalesce(sum(amount - fee) FILTER (WHERE ${onManualDesk(desks)}), 0) AS to_send,
            min(approved_at) FILTER (WHERE ${onManualDesk(desks)}) AS oldest,
            count(*) FILTER (WHERE ${conditionFor.attention(desks)}) AS attention,
            count(*) FILTER (WHERE ${conditionFor.sending(desks)}) AS sending
     FROM withdrawals w WHERE w.status IN ('approved', 'sending')`,
  );
  return rows[0]!;
}

/** A discrepancy with the name of the user it concerns. */
export interface PayoutDiscrepancyWithUser extends Omit<PayoutDiscrepancyRow, 'kind'> {
  kind: PayoutDiscrepancyKind;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  deleted_at: Date | null;
}

/** What a payout provider said against the ledger, newest first (the latest 500). */
export async function listPayoutDiscrepancies(pool: Pool): Promise<PayoutDiscrepancyWithUser[]> {
  const { rows } = await pool.query<PayoutDiscrepancyWithUser>(
    `SELECT d.withdrawal_id, d.user_id, d.kind, d.provider, d.detail, d.found_at,
            u.first_name, u.last_name, u.username, u.deleted_at
     FROM payout_discrepancies d LEFT JOIN users u ON u.user_id = d.user_id
     ORDER BY d.found_at DESC, d.withdrawal_id LIMIT 500`,
  );
  return rows;
}

/** A payout reconciliation asks the provider about. */
export interface UnsettledPayout {
  withdrawal_id: string;
  user_id: string;
  status: 'approved' | 'sending';
  held_reason: string | null;
}

/**
 * Payouts that no desk settled `olderThanSeconds` after they were approved or sent (not those on
 * the manual desk), the oldest first.
 */
export async function unsettledPayouts(
  pool: Pool,
  olderThanSeconds: number,
  now: Date,
  limit: number,
): Promise<UnsettledPayout[]> {
  const { rows } = await pool.query<UnsettledPayout>(
    `SELECT withdrawal_id, user_id, status, held_reason FROM withdrawals
     WHERE status IN ('approved', 'sending') AND payout_desk IS DISTINCT FROM 'manual'
       AND coalesce(sent_at, approved_at) <= $1::timestamptz - make_interval(secs => $2)
     ORDER BY coalesce(sent_at, approved_at), withdrawal_id LIMIT $3`,
    [now.toISOString(), olderThanSeconds, limit],
  );
  return rows;
}

/** A paid payout reconciliation asks its provider about again, for a reversal. */
export interface PaidPayout {
  withdrawal_id: string;
  user_id: string;
  paid_at: Date;
}

/**
 * Payouts `provider` paid (not marked paid by hand) within the last `forSeconds`, whose next
 * question about a reversal is due: the first `firstAfterSeconds` after they were paid, then each
 * after as long again as the payout had been paid at the last one (so a payout is asked about at
 * about 1, 2, 4, 8, … times `firstAfterSeconds` after it was paid). When each was last asked is
 * reconciliation's own record, `payout_reversal_checks`. The longest waiting first.
 */
export async function paidPayoutsToAskAgain(
  pool: Pool,
  provider: string,
  {
    firstAfterSeconds,
    forSeconds,
    now,
    limit,
  }: { firstAfterSeconds: number; forSeconds: number; now: Date; limit: number },
): Promise<PaidPayout[]> {
  const { rows } = await pool.query<PaidPayout>(
    `SELECT w.withdrawal_id, w.user_id, w.paid_at
       FROM withdrawals w LEFT JOIN payout_reversal_checks c ON c.withdrawal_id = w.withdrawal_id
      WHERE w.status = 'paid' AND w.paid_by IS NULL AND w.payout_provider = $2
        AND w.paid_at > $1::timestamptz - make_interval(secs => $4)
        AND coalesce(c.asked_at, w.paid_at)
            + greatest(make_interval(secs => $3), coalesce(c.asked_at, w.paid_at) - w.paid_at) <= $1::timestamptz
      ORDER BY coalesce(c.asked_at, w.paid_at), w.withdrawal_id LIMIT $5`,
    [now.toISOString(), provider, firstAfterSeconds, forSeconds, limit],
  );
  return rows;
}

/** How many withdrawals are in each status, and their amount (kobo): the operations metrics. */
export async function withdrawalsByStatus(
  pool: Pool,
): Promise<{ status: WithdrawalStatus; n: number; total: number }[]> {
  const { rows } = await pool.query<{ status: WithdrawalStatus; n: number; total: number }>(
    `SELECT status, count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS total
       FROM withdrawals GROUP BY status`,
  );
  return rows;
}

/**
 * How the withdrawals waiting for a decision changed on each day of the window (+1 and the amount
 * when one was asked, -1 and minus the amount when it was approved or rejected), and before it.
 */
export async function pendingWithdrawalChanges(pool: Pool, window: DayWindow): Promise<DayChange[]> {
  const { rows } = await pool.query<DayChange>(
    `SELECT ${dayOf('at')} AS day, sum(n) AS n, sum(amount) AS amount
       FROM (SELECT requested_at AS at, 1 AS n, amount FROM withdrawals WHERE requested_at < ${WINDOW_END}
             UNION ALL
             SELECT coalesce(approved_at, rejected_at), -1, -amount FROM withdrawals
              WHERE coalesce(approved_at, rejected_at) < ${WINDOW_END}) AS moves
      GROUP BY 1`,
    windowParams(window),
  );
  return rows;
}
