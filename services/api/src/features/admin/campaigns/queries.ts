/** Campaigns in the old server's shape (docs/product/staff-area.md#what-the-admin-screens-show), with their submissions as completedBy. */
import type { Pool } from '@kobo/platform';
import type { CampaignPayoutsRow, CampaignRow, SubmissionRow } from '@kobo/projector';
import { platformsMatching } from '../../tasks/platforms';
import { Conditions, direction, readPage } from '../../../http';
import { iso } from '../wire';
import { koboToNaira } from '@kobo/ledger';
import type { AdminCampaign, AdminSubmission, PendingProof } from './schemas';

/** A submission (the columns the screen reads) with who made it (a left join). */
interface SubmissionWithUser extends Pick<
  SubmissionRow,
  | 'submission_id'
  | 'campaign_id'
  | 'user_id'
  | 'kind'
  | 'proof_image'
  | 'status'
  | 'flags'
  | 'reward'
  | 'reason'
  | 'submitted_at'
  | 'reviewed_at'
> {
  username: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

function toSubmission(row: SubmissionWithUser): AdminSubmission {
  return {
    _id: row.submission_id,
    userId: row.user_id,
    username: row.username ?? '',
    fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
    userEmail: row.email ?? '',
    userAvatar: null,
    proofImage: row.proof_image,
    submittedAt: iso(row.submitted_at)!,
    reviewedAt: iso(row.reviewed_at),
    status: row.status,
    kind: row.kind,
    // What the submission earns: nothing once rejected.
    earnings: row.status === 'rejected' ? 0 : koboToNaira(row.reward),
    flags: row.flags ?? [],
    reason: row.reason,
  };
}

/** A campaign with what was paid from its escrow (its two rows, decision 0028). */
type CampaignWithPayouts = CampaignRow & Pick<CampaignPayoutsRow, 'total_paid'> & { escrow_balance: number };

const SELECT_CAMPAIGNS = `
  SELECT c.*, coalesce(p.total_paid, 0) AS total_paid, c.escrow_held + coalesce(p.escrow_paid, 0) AS escrow_balance
  FROM campaigns c LEFT JOIN campaign_payouts p USING (campaign_id)`;

function toCampaign(row: CampaignWithPayouts, completedBy: AdminSubmission[]): AdminCampaign {
  return {
    _id: row.campaign_id,
    taskId: row.campaign_id,
    taskName: row.title,
    taskPlatform: row.platform,
    taskVariation: row.variation,
    taskInstructions: row.instructions,
    taskUrl: row.url,
    taskPrice: koboToNaira(row.price),
    taskUnits: Number(row.units),
    completedUnits: Number(row.approved),
    pendingUnits: Number(row.pending),
    rejectedUnits: Number(row.rejected),
    // Deleted campaigns are never read here.
    taskStatus: row.status as AdminCampaign['taskStatus'],
    rejectionReason: row.rejection_reason,
    taskTime: Number(row.estimated_minutes),
    estimatedTime: Number(row.estimated_minutes),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    taskImage: row.image,
    spent: koboToNaira(row.total_paid),
    budget: koboToNaira(row.budget),
    totalCost: koboToNaira(row.budget),
    /** Units still open: neither approved nor waiting for review. */
    remaining: Number(row.remaining),
    /** Naira still in the campaign's escrow. */
    escrowBalance: koboToNaira(row.escrow_balance),
    participants: Number(row.participants),
    completedBy,
  };
}

const SELECT_SUBMISSIONS = `
  SELECT s.submission_id, s.campaign_id, s.user_id, s.kind, s.proof_image, s.status, s.flags, s.reward,
         s.reason, s.submitted_at, s.reviewed_at, u.username, u.email, u.first_name, u.last_name
  FROM submissions s LEFT JOIN users u ON u.user_id = s.user_id`;
// Pending first (the review queue), then the newest.
const SUBMISSION_ORDER = `ORDER BY (s.status = 'pending') DESC, s.submitted_at DESC, s.submission_id`;

async function withSubmissions(pool: Pool, campaigns: CampaignWithPayouts[]): Promise<AdminCampaign[]> {
  if (campaigns.length === 0) return [];
  const { rows } = await pool.query<SubmissionWithUser>(
    `${SELECT_SUBMISSIONS} WHERE s.campaign_id = ANY($1::text[]) ${SUBMISSION_ORDER}`,
    [campaigns.map((c) => c.campaign_id)],
  );
  const byCampaign = new Map<string, AdminSubmission[]>();
  for (const row of rows) {
    const list = byCampaign.get(row.campaign_id) ?? [];
    list.push(toSubmission(row));
    byCampaign.set(row.campaign_id, list);
  }
  return campaigns.map((c) => toCampaign(c, byCampaign.get(c.campaign_id) ?? []));
}

export const CAMPAIGN_SORTS = ['createdAt', 'price', 'units'] as const;
const CAMPAIGN_ORDER: Record<(typeof CAMPAIGN_SORTS)[number], string> = {
  createdAt: 'created_at',
  price: 'price',
  units: 'units',
};

export interface CampaignListQuery {
  q?: string;
  status?: AdminCampaign['taskStatus'];
  /** Platform keys, other spellings or groups (social-media, music-streaming, app-stores). */
  platform?: string[];
  sort?: (typeof CAMPAIGN_SORTS)[number];
  order?: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  after?: string;
  /** 'none' leaves completedBy empty: the card views need only the counts. */
  submissions?: 'all' | 'none';
}

/** Every campaign but the deleted ones, newest first unless sorted otherwise. */
export async function listCampaigns(
  pool: Pool,
  query: CampaignListQuery,
): Promise<{ campaigns: AdminCampaign[]; total: number; next?: string }> {
  const where = new Conditions()
    .add(() => `status <> 'deleted'`)
    .search(query.q, ['title', 'variation', 'url']);
  if (query.status) where.add((param) => `status = ${param(query.status)}`);
  if (query.platform) {
    const keys = query.platform.flatMap((filter) => platformsMatching(filter) ?? []);
    if (keys.length) where.add((param) => `lower(platform) = ANY(${param(keys)}::text[])`);
  }
  const sort = query.sort ?? 'createdAt';
  const { rows, total, next } = await readPage<CampaignWithPayouts>(pool, {
    select: SELECT_CAMPAIGNS,
    where,
    order: [
      [CAMPAIGN_ORDER[sort], direction(query.order, 'desc')],
      ['campaign_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  const campaigns =
    query.submissions === 'none' ? rows.map((row) => toCampaign(row, [])) : await withSubmissions(pool, rows);
  return { campaigns, total, next };
}

export async function findCampaign(
  pool: Pool,
  campaignId: string,
  { submissions = 'all' }: { submissions?: 'all' | 'none' } = {},
): Promise<AdminCampaign | null> {
  const { rows } = await pool.query<CampaignWithPayouts>(
    `${SELECT_CAMPAIGNS} WHERE campaign_id = $1 AND status <> 'deleted'`,
    [campaignId],
  );
  if (!rows[0]) return null;
  return submissions === 'none' ? toCampaign(rows[0], []) : (await withSubmissions(pool, rows))[0]!;
}

export interface SubmissionListQuery {
  q?: string;
  status?: 'pending' | 'approved' | 'rejected';
  page: number;
  pageSize?: number;
  after?: string;
}

/** One campaign's submissions, pending first then the newest (the review queue's order). */
export async function listSubmissions(
  pool: Pool,
  campaignId: string,
  query: SubmissionListQuery,
): Promise<{ submissions: AdminSubmission[]; total: number; next?: string }> {
  const where = new Conditions()
    .add((param) => `s.campaign_id = ${param(campaignId)}`)
    .search(query.q, ["u.first_name || ' ' || u.last_name", 'u.username', 'u.email']);
  if (query.status) where.add((param) => `s.status = ${param(query.status)}`);
  const { rows, total, next } = await readPage<SubmissionWithUser>(pool, {
    select: SELECT_SUBMISSIONS,
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
  return { submissions: rows.map(toSubmission), total, next };
}

export interface PendingProofQuery {
  campaignId?: string;
  /** Platform keys, other spellings or groups, as the campaign list's filter. */
  platform?: string[];
  page: number;
  pageSize?: number;
  after?: string;
}

interface PendingProofRow extends SubmissionWithUser {
  title: string;
  platform: string;
  variation: string;
  campaign_status: string;
}

const SELECT_PENDING_PROOFS = `
  SELECT s.submission_id, s.campaign_id, s.user_id, s.kind, s.proof_image, s.status, s.flags, s.reward,
         s.reason, s.submitted_at, s.reviewed_at, u.username, u.email, u.first_name, u.last_name,
         c.title, c.platform, c.variation, c.status AS campaign_status
  FROM submissions s
  JOIN campaigns c ON c.campaign_id = s.campaign_id
  LEFT JOIN users u ON u.user_id = s.user_id`;

/**
 * The review queue: every pending submission of every campaign that is not deleted, oldest first
 * (the proof that has waited longest comes first), by campaign and by platform if asked.
 */
export async function listPendingProofs(
  pool: Pool,
  query: PendingProofQuery,
): Promise<{ proofs: PendingProof[]; total: number; next?: string }> {
  const where = new Conditions().add(() => `s.status = 'pending'`).add(() => `c.status <> 'deleted'`);
  if (query.campaignId) where.add((param) => `s.campaign_id = ${param(query.campaignId)}`);
  if (query.platform) {
    const keys = query.platform.flatMap((filter) => platformsMatching(filter) ?? []);
    if (keys.length) where.add((param) => `lower(c.platform) = ANY(${param(keys)}::text[])`);
  }
  const { rows, total, next } = await readPage<PendingProofRow>(pool, {
    select: SELECT_PENDING_PROOFS,
    where,
    order: [
      ['submitted_at', 'ASC'],
      ['submission_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  const proofs = rows.map((row) => ({
    ...toSubmission(row),
    campaignId: row.campaign_id,
    taskName: row.title,
    taskPlatform: row.platform,
    taskVariation: row.variation,
    taskStatus: row.campaign_status as PendingProof['taskStatus'],
  }));
  return { proofs, total, next };
}
