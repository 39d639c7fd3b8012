/** The task routes' reads: the campaigns and submissions read models (docs/projections.md). */
import type { Pool } from '@kobo/platform';
import type { TaskSort } from './schemas';

export interface AvailableTaskRow {
  campaign_id: string;
  title: string;
  instructions: string;
  price: number;
  url: string;
  platform: string;
  variation: string;
  remaining: number;
  estimated_minutes: number;
  image: string | null;
}

const orderBy: Record<TaskSort, string> = {
  newest: 'c.created_at DESC, c.campaign_id',
  'price-desc': 'c.price DESC, c.created_at DESC, c.campaign_id',
  'price-asc': 'c.price ASC, c.created_at DESC, c.campaign_id',
  'most-available': 'c.remaining DESC, c.created_at DESC, c.campaign_id',
  'least-available': 'c.remaining ASC, c.created_at DESC, c.campaign_id',
};

/** Active campaigns with units left: the same for every user. */
export async function availableTasks(
  pool: Pool,
  options: { sort: TaskSort; platforms: string[] | null },
): Promise<AvailableTaskRow[]> {
  const { rows } = await pool.query<AvailableTaskRow>(
    `SELECT c.campaign_id, c.title, c.instructions, c.price, c.url, c.platform, c.variation, c.remaining,
            c.estimated_minutes, c.image
       FROM campaigns c
      WHERE c.status = 'active' AND c.remaining > 0
        AND ($1::text[] IS NULL OR lower(c.platform) = ANY($1::text[]))
      ORDER BY ${orderBy[options.sort]}`,
    [options.platforms],
  );
  return rows;
}

/** The campaigns this user has taken part in. */
export async function campaignsTakenBy(pool: Pool, userId: string): Promise<Set<string>> {
  const { rows } = await pool.query<{ campaign_id: string }>(
    'SELECT campaign_id FROM submissions WHERE user_id = $1',
    [userId],
  );
  return new Set(rows.map((row) => row.campaign_id));
}

/** How far the campaigns view has projected the log: the task list changes only when it moves. */
export async function campaignsViewPosition(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ position: number }>(
    `SELECT position FROM projection_checkpoints WHERE projector = 'campaigns'`,
  );
  return Number(rows[0]?.position ?? 0);
}

export interface CampaignForSubmission {
  campaign_id: string;
  platform: string;
}

export async function campaignById(pool: Pool, campaignId: string): Promise<CampaignForSubmission | null> {
  const { rows } = await pool.query<CampaignForSubmission>(
    `SELECT campaign_id, platform FROM campaigns WHERE campaign_id = $1`,
    [campaignId],
  );
  return rows[0] ?? null;
}
