/**
 * Campaigns in the old server's shape (docs/product/staff-area.md#what-the-admin-screens-show), with
 * their submissions as completedBy, and the review queue: the campaigns and submissions read models'
 * rows (@kobo/projector) as the admin's screens read them.
 */
import {
  findCampaign,
  listCampaignSubmissions,
  listCampaigns,
  listPendingSubmissions,
  listSubmissionsOfCampaigns,
  type CampaignListQuery,
  type CampaignWithPayoutsRow,
  type SubmissionWithUserRow,
} from '@kobo/projector';
import type { Pool } from '@kobo/platform';
import { koboToNaira } from '@kobo/ledger';
import { platformsMatching } from '../../campaigns/platforms';
import { iso } from '../wire';
import type { AdminCampaign, AdminSubmission, PendingProof } from './schemas';

function toSubmission(row: SubmissionWithUserRow): AdminSubmission {
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

function toCampaign(row: CampaignWithPayoutsRow, completedBy: AdminSubmission[]): AdminCampaign {
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

async function withSubmissions(pool: Pool, campaigns: CampaignWithPayoutsRow[]): Promise<AdminCampaign[]> {
  if (campaigns.length === 0) return [];
  const rows = await listSubmissionsOfCampaigns(
    pool,
    campaigns.map((c) => c.campaign_id),
  );
  const byCampaign = new Map<string, AdminSubmission[]>();
  for (const row of rows) {
    const list = byCampaign.get(row.campaign_id) ?? [];
    list.push(toSubmission(row));
    byCampaign.set(row.campaign_id, list);
  }
  return campaigns.map((c) => toCampaign(c, byCampaign.get(c.campaign_id) ?? []));
}

/** The stored platform keys a filter's keys, other spellings or groups name. */
function platformKeys(filters: string[] | undefined): string[] | undefined {
  return filters?.flatMap((filter) => platformsMatching(filter) ?? []);
}

export interface AdminCampaignQuery extends Omit<CampaignListQuery, 'platforms' | 'status'> {
  status?: AdminCampaign['taskStatus'];
  /** Platform keys, other spellings or groups (social-media, music-streaming, app-stores). */
  platform?: string[];
  /** 'none' leaves completedBy empty: the card views need only the counts. */
  submissions?: 'all' | 'none';
}

/** Every campaign but the deleted ones, newest first unless sorted otherwise. */
export async function adminCampaigns(
  pool: Pool,
  { platform, submissions, ...query }: AdminCampaignQuery,
): Promise<{ campaigns: AdminCampaign[]; total: number; next?: string }> {
  const { rows, total, next } = await listCampaigns(pool, { ...query, platforms: platformKeys(platform) });
  const campaigns =
    submissions === 'none' ? rows.map((row) => toCampaign(row, [])) : await withSubmissions(pool, rows);
  return { campaigns, total, next };
}

export async function adminCampaign(
  pool: Pool,
  campaignId: string,
  { submissions = 'all' }: { submissions?: 'all' | 'none' } = {},
): Promise<AdminCampaign | null> {
  const row = await findCampaign(pool, campaignId);
  if (!row) return null;
  return submissions === 'none' ? toCampaign(row, []) : (await withSubmissions(pool, [row]))[0]!;
}

/** One campaign's submissions, pending first then the newest (the review queue's order). */
export async function adminSubmissions(
  pool: Pool,
  campaignId: string,
  query: Parameters<typeof listCampaignSubmissions>[2],
): Promise<{ submissions: AdminSubmission[]; total: number; next?: string }> {
  const { rows, total, next } = await listCampaignSubmissions(pool, campaignId, query);
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

/**
 * The review queue: every pending submission of every campaign that is not deleted, oldest first
 * (the proof that has waited longest comes first), by campaign and by platform if asked.
 */
export async function pendingProofs(
  pool: Pool,
  { platform, ...query }: PendingProofQuery,
): Promise<{ proofs: PendingProof[]; total: number; next?: string }> {
  const { rows, total, next } = await listPendingSubmissions(pool, {
    ...query,
    platforms: platformKeys(platform),
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
