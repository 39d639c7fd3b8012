/**
 * The submissions read model's queries: a campaign's submissions with who made them (the admin's
 * review), the review queue across campaigns, a user's submissions with their campaign's title
 * and platform, and the look-ups of a proof. A query joins the users and campaigns read models by
 * key for names and titles; the rows it lists are submissions. A look-alike flag about another
 * user's proof is read with that user's current name ("Deleted user" once they are erased).
 */
import type { Pool } from '@kobo/platform';
import type { CampaignRow } from '../campaigns/projection';
import { dayOf, windowParams, WINDOW_END, type DayChange, type DayWindow } from '../days';
import { Conditions, readPage } from '../paging';
import { usernames } from '../users';
import type { SubmissionFlag, SubmissionRow } from './projection';

/**
 * A submission (the columns the admin's screens read) with who made it (null once gone: a left
 * join), and its flags as sentences, a look-alike's naming the other user as they are now.
 */
export type SubmissionWithUserRow = Pick<
  SubmissionRow,
  | 'submission_id'
  | 'campaign_id'
  | 'user_id'
  | 'kind'
  | 'proof_image'
  | 'status'
  | 'reward'
  | 'reason'
  | 'submitted_at'
  | 'reviewed_at'
> & {
  flags: string[];
  username: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
};

const SELECT_WITH_USER = `
  SELECT s.submission_id, s.campaign_id, s.user_id, s.kind, s.proof_image, s.status, s.flags, s.reward,
         s.reason, s.submitted_at, s.reviewed_at, u.username, u.email, u.first_name, u.last_name
  FROM submissions s LEFT JOIN users u ON u.user_id = s.user_id`;
/**
 * The rows with their flags as sentences: a look-alike's "another user" becomes "another user
 * (<username>)", the name the users read model has now ("Deleted user" once erased; left out while
 * the user is not in it yet). One look-up for the whole page.
 */
async function withNamedFlags<R extends { flags: string[] }>(pool: Pool, rows: R[]): Promise<R[]> {
  const stored = (row: R) => row.flags as SubmissionFlag[];
  const others = rows.flatMap((row) =>
    stored(row).flatMap((flag) => (typeof flag === 'string' ? [] : [flag.userId])),
  );
  if (others.length === 0) return rows;
  const names = await usernames(pool, others);
  return rows.map((row) => ({
    ...row,
    flags: stored(row).map((flag) => {
      if (typeof flag === 'string') return flag;
      const name = names.get(flag.userId);
      return name ? flag.text.replace('another user', `another user (${name})`) : flag.text;
    }),
  }));
}

// Pending first (the review queue), then the newest.
const PENDING_THEN_NEWEST = `ORDER BY (s.status = 'pending') DESC, s.submitted_at DESC, s.submission_id`;

/** Every submission of the campaigns, pending first then the newest. */
export async function listSubmissionsOfCampaigns(
  pool: Pool,
  campaignIds: readonly string[],
): Promise<SubmissionWithUserRow[]> {
  if (campaignIds.length === 0) return [];
  const { rows } = await pool.query<SubmissionWithUserRow>(
    `${SELECT_WITH_USER} WHERE s.campaign_id = ANY($1::text[]) ${PENDING_THEN_NEWEST}`,
    [campaignIds],
  );
  return withNamedFlags(pool, rows);
}

export interface CampaignSubmissionsQuery {
  /** Found in the submitter's full name, username or email. */
  q?: string;
  status?: SubmissionRow['status'];
  page: number;
  pageSize?: number;
  after?: string;
}

/** One campaign's submissions, pending first then the newest (the review queue's order): one page. */
export async function listCampaignSubmissions(
  pool: Pool,
  campaignId: string,
  query: CampaignSubmissionsQuery,
): Promise<{ rows: SubmissionWithUserRow[]; total: number; next?: string }> {
  const where = new Conditions()
    .add((param) => `s.campaign_id = ${param(campaignId)}`)
    .search(query.q, ["u.first_name || ' ' || u.last_name", 'u.username', 'u.email']);
  if (query.status) where.add((param) => `s.status = ${param(query.status)}`);
  const page = await readPage<SubmissionWithUserRow>(pool, {
    select: SELECT_WITH_USER,
    where,
    order: [
      ["(status = 'pending')", 'DESC'],
      ['submitted_at', 'DESC'],
      ['submission_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  return { ...page, rows: await withNamedFlags(pool, page.rows) };
}

/** A pending submission with who made it and its campaign (the review queue). */
export type PendingSubmissionRow = SubmissionWithUserRow &
  Pick<CampaignRow, 'title' | 'platform' | 'variation'> & { campaign_status: CampaignRow['status'] };

const SELECT_PENDING = `
  SELECT s.submission_id, s.campaign_id, s.user_id, s.kind, s.proof_image, s.status, s.flags, s.reward,
         s.reason, s.submitted_at, s.reviewed_at, u.username, u.email, u.first_name, u.last_name,
         c.title, c.platform, c.variation, c.status AS campaign_status
  FROM submissions s
  JOIN campaigns c ON c.campaign_id = s.campaign_id
  LEFT JOIN users u ON u.user_id = s.user_id`;

export interface PendingSubmissionsQuery {
  campaignId?: string;
  /** Stored platform keys (lower case) of the campaigns; none: every platform. */
  platforms?: readonly string[];
  page: number;
  pageSize?: number;
  after?: string;
}

/**
 * The review queue: every pending submission of every campaign that is not deleted, oldest first
 * (the proof that has waited longest comes first), by campaign and by platform if asked: one page.
 * The partial index `submissions_pending_oldest` is in this order.
 */
export async function listPendingSubmissions(
  pool: Pool,
  query: PendingSubmissionsQuery,
): Promise<{ rows: PendingSubmissionRow[]; total: number; next?: string }> {
  const where = new Conditions().add(() => `s.status = 'pending'`).add(() => `c.status <> 'deleted'`);
  if (query.campaignId) where.add((param) => `s.campaign_id = ${param(query.campaignId)}`);
  if (query.platforms?.length)
    where.add((param) => `lower(c.platform) = ANY(${param(query.platforms)}::text[])`);
  const page = await readPage<PendingSubmissionRow>(pool, {
    select: SELECT_PENDING,
    where,
    order: [
      ['submitted_at', 'ASC'],
      ['submission_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  return { ...page, rows: await withNamedFlags(pool, page.rows) };
}

/** A user's submission with its campaign's title and platform (null once the campaign is gone). */
export type SubmissionWithCampaignRow = Pick<
  SubmissionRow,
  | 'submission_id'
  | 'campaign_id'
  | 'user_id'
  | 'kind'
  | 'proof_image'
  | 'status'
  | 'reward'
  | 'reason'
  | 'submitted_at'
  | 'reviewed_at'
> & { title: string | null; platform: string | null };

const SELECT_WITH_CAMPAIGN = `SELECT s.submission_id, s.campaign_id, s.user_id, s.kind, s.proof_image, s.status,
       s.reward, s.reason, s.submitted_at, s.reviewed_at, c.title, c.platform
     FROM submissions s
     LEFT JOIN campaigns c ON c.campaign_id = s.campaign_id`;

export async function findSubmission(
  pool: Pool,
  submissionId: string,
): Promise<SubmissionWithCampaignRow | null> {
  const { rows } = await pool.query<SubmissionWithCampaignRow>(
    `${SELECT_WITH_CAMPAIGN} WHERE s.submission_id = $1`,
    [submissionId],
  );
  return rows[0] ?? null;
}

/** The user's task submissions and completed activities (approved at once), newest first. */
export async function listSubmissionsOfUser(
  pool: Pool,
  userId: string,
): Promise<SubmissionWithCampaignRow[]> {
  const { rows } = await pool.query<SubmissionWithCampaignRow>(
    `${SELECT_WITH_CAMPAIGN} WHERE s.user_id = $1 ORDER BY s.submitted_at DESC, s.submission_id DESC`,
    [userId],
  );
  return rows;
}

/** The keys of the proof images this user submitted (their submissions alone: no campaign row needed). */
export async function proofImagesOfUser(pool: Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ proof_image: string }>(
    'SELECT proof_image FROM submissions WHERE user_id = $1 AND proof_image IS NOT NULL',
    [userId],
  );
  return rows.map((row) => row.proof_image);
}

/** The campaigns this user has taken part in. */
export async function campaignsTakenBy(pool: Pool, userId: string): Promise<Set<string>> {
  const { rows } = await pool.query<Pick<SubmissionRow, 'campaign_id'>>(
    'SELECT campaign_id FROM submissions WHERE user_id = $1',
    [userId],
  );
  return new Set(rows.map((row) => row.campaign_id));
}

/** Who submitted the proof stored at `proofImage` for the campaign, if anyone. */
export async function findProofSubmitter(
  pool: Pool,
  campaignId: string,
  proofImage: string,
): Promise<string | null> {
  const { rows } = await pool.query<Pick<SubmissionRow, 'user_id'>>(
    `SELECT user_id FROM submissions WHERE campaign_id = $1 AND proof_image = $2 LIMIT 1`,
    [campaignId, proofImage],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * How the task proofs awaiting review changed on each day of the window (+1 when one was
 * submitted, -1 when it was reviewed), and before it.
 */
export async function proofsAwaitingReviewChanges(pool: Pool, window: DayWindow): Promise<DayChange[]> {
  const { rows } = await pool.query<DayChange>(
    `SELECT ${dayOf('at')} AS day, sum(n) AS n, NULL AS amount
       FROM (SELECT submitted_at AS at, 1 AS n FROM submissions WHERE kind = 'task' AND submitted_at < ${WINDOW_END}
             UNION ALL
             SELECT reviewed_at, -1 FROM submissions WHERE kind = 'task' AND reviewed_at < ${WINDOW_END}) AS moves
      GROUP BY 1`,
    windowParams(window),
  );
  return rows;
}
