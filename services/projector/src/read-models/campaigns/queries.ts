/**
 * The campaigns read model's queries: the admin's campaign list and one campaign with what was
 * paid from its escrow (its two rows, decision 0028), the tasks a user may take, and the look-ups
 * of a submission and an upload.
 */
import type { Pool } from '@kobo/platform';
import { readCheckpoint } from '../../runtime/checkpoints';
import { Conditions, direction, readPage } from '../paging';
import { campaigns, type CampaignPayoutsRow, type CampaignRow } from './projection';

/** A campaign with what was paid from its escrow: its `campaigns` row and its `campaign_payouts`. */
export type CampaignWithPayoutsRow = CampaignRow &
  Pick<CampaignPayoutsRow, 'total_paid'> & {
    /** Naira still in the campaign's escrow, in kobo: `escrow_held` plus `escrow_paid`. */
    escrow_balance: number;
  };

const SELECT_CAMPAIGNS = `
  SELECT c.*, coalesce(p.total_paid, 0) AS total_paid, c.escrow_held + coalesce(p.escrow_paid, 0) AS escrow_balance
  FROM campaigns c LEFT JOIN campaign_payouts p USING (campaign_id)`;

export const CAMPAIGN_SORTS = ['createdAt', 'price', 'units'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
const CAMPAIGN_ORDER: Record<CampaignSort, string> = {
  createdAt: 'created_at',
  price: 'price',
  units: 'units',
};

export interface CampaignListQuery {
  /** Found in the title, variation or URL. */
  q?: string;
  status?: CampaignRow['status'];
  /** Stored platform keys (lower case); none: every platform. */
  platforms?: readonly string[];
  sort?: CampaignSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  after?: string;
}

/** Every campaign but the deleted ones, newest first unless sorted otherwise: one page. */
export async function listCampaigns(
  pool: Pool,
  query: CampaignListQuery,
): Promise<{ rows: CampaignWithPayoutsRow[]; total: number; next?: string }> {
  const where = new Conditions()
    .add(() => `status <> 'deleted'`)
    .search(query.q, ['title', 'variation', 'url']);
  if (query.status) where.add((param) => `status = ${param(query.status)}`);
  if (query.platforms?.length)
    where.add((param) => `lower(platform) = ANY(${param(query.platforms)}::text[])`);
  const sort = query.sort ?? 'createdAt';
  return readPage<CampaignWithPayoutsRow>(pool, {
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
}

/** One campaign, unless deleted. */
export async function findCampaign(pool: Pool, campaignId: string): Promise<CampaignWithPayoutsRow | null> {
  const { rows } = await pool.query<CampaignWithPayoutsRow>(
    `${SELECT_CAMPAIGNS} WHERE campaign_id = $1 AND status <> 'deleted'`,
    [campaignId],
  );
  return rows[0] ?? null;
}

/** A campaign as the task list shows it to a user. */
export type AvailableCampaignRow = Pick<
  CampaignRow,
  | 'campaign_id'
  | 'title'
  | 'instructions'
  | 'price'
  | 'url'
  | 'platform'
  | 'variation'
  | 'remaining'
  | 'estimated_minutes'
  | 'image'
>;

export const AVAILABLE_CAMPAIGN_SORTS = [
  'newest',
  'price-desc',
  'price-asc',
  'most-available',
  'least-available',
] as const;
export type AvailableCampaignSort = (typeof AVAILABLE_CAMPAIGN_SORTS)[number];
const availableOrder: Record<AvailableCampaignSort, string> = {
  newest: 'c.created_at DESC, c.campaign_id',
  'price-desc': 'c.price DESC, c.created_at DESC, c.campaign_id',
  'price-asc': 'c.price ASC, c.created_at DESC, c.campaign_id',
  'most-available': 'c.remaining DESC, c.created_at DESC, c.campaign_id',
  'least-available': 'c.remaining ASC, c.created_at DESC, c.campaign_id',
};

/** Active campaigns with units left, on `platforms` (stored keys; null: every platform): the same for every user. */
export async function listAvailableCampaigns(
  pool: Pool,
  options: { sort: AvailableCampaignSort; platforms: readonly string[] | null },
): Promise<AvailableCampaignRow[]> {
  const { rows } = await pool.query<AvailableCampaignRow>(
    `SELECT c.campaign_id, c.title, c.instructions, c.price, c.url, c.platform, c.variation, c.remaining,
            c.estimated_minutes, c.image
       FROM campaigns c
      WHERE c.status = 'active' AND c.remaining > 0
        AND ($1::text[] IS NULL OR lower(c.platform) = ANY($1::text[]))
      ORDER BY ${availableOrder[options.sort]}`,
    [options.platforms],
  );
  return rows;
}

/** How far the campaigns read model has projected the log: its rows change only when it moves. */
export function campaignsPosition(pool: Pool): Promise<number> {
  return readCheckpoint(pool, campaigns.name);
}

/** A campaign's platform (whatever its status): what taking part in it starts from. */
export async function findCampaignPlatform(
  pool: Pool,
  campaignId: string,
): Promise<Pick<CampaignRow, 'campaign_id' | 'platform'> | null> {
  const { rows } = await pool.query<Pick<CampaignRow, 'campaign_id' | 'platform'>>(
    `SELECT campaign_id, platform FROM campaigns WHERE campaign_id = $1`,
    [campaignId],
  );
  return rows[0] ?? null;
}

/** Whether a campaign that is not deleted shows the image stored at `key`. */
export async function isCampaignImage(pool: Pool, key: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `SELECT 1 FROM campaigns WHERE image = $1 AND status <> 'deleted' LIMIT 1`,
    [key],
  );
  return Boolean(rowCount);
}
