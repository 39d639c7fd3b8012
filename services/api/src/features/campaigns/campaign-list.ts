/**
 * GET /api/tasks answers the same campaigns to every user but for the "submitted" flag, and
 * serialising them per request was most of its cost (bench:api). So each campaign is serialised
 * once per position of the campaigns view (and at least every minute, well inside the 5-minute
 * image links), in both forms, and a request joins the fragments for its user.
 */
import { koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  campaignsPosition,
  campaignsTakenBy,
  listAvailableCampaigns,
  type AvailableCampaignRow,
} from '@kobo/projector';
import type { LinkSigner } from '../../uploads/signed-links';
import { uploadKindOf } from '../../uploads/upload-keys';
import type { CampaignSort, CampaignView } from './schemas';

const REBUILD_AFTER_MS = 60_000;
const MAX_LISTS = 64;

interface Fragment {
  campaignId: string;
  submitted: string;
  open: string;
}

interface CachedList {
  position: number;
  builtAt: number;
  fragments: Fragment[];
}

export interface CampaignList {
  /** The JSON text of the campaigns open to the user. */
  render(userId: string, options: { sort: CampaignSort; platforms: string[] | null }): Promise<string>;
}

export function createCampaignList(pool: Pool, links: LinkSigner): CampaignList {
  const lists = new Map<string, CachedList>();

  async function build(options: { sort: CampaignSort; platforms: string[] | null }, position: number) {
    const rows = await listAvailableCampaigns(pool, options);
    const fragments = rows.map((row) => {
      const view = campaignView(row, links);
      return {
        campaignId: row.campaign_id,
        submitted: JSON.stringify({ ...view, submitted: true }),
        open: JSON.stringify({ ...view, submitted: false }),
      };
    });
    return { position, builtAt: Date.now(), fragments };
  }

  return {
    async render(userId, options) {
      const key = `${options.sort}|${options.platforms?.join(',') ?? ''}`;
      const [position, taken] = await Promise.all([campaignsPosition(pool), campaignsTakenBy(pool, userId)]);
      let list = lists.get(key);
      if (!list || list.position !== position || Date.now() - list.builtAt > REBUILD_AFTER_MS) {
        list = await build(options, position);
        if (lists.size >= MAX_LISTS) lists.clear();
        lists.set(key, list);
      }
      return `[${list.fragments.map((f) => (taken.has(f.campaignId) ? f.submitted : f.open)).join(',')}]`;
    },
  };
}

function campaignView(row: AvailableCampaignRow, links: LinkSigner): Omit<CampaignView, 'submitted'> {
  return {
    _id: row.campaign_id,
    taskName: row.title,
    taskInstructions: row.instructions,
    taskPrice: koboToNaira(row.price),
    taskUrl: row.url,
    taskPlatform: row.platform,
    taskVariation: row.variation,
    remainingUnits: row.remaining,
    taskTime: row.estimated_minutes,
    taskImage: imageLink(row.image, links),
  };
}

/** A stored guide image becomes a short-lived link; an outside URL is passed on as it is. */
function imageLink(image: string | null, links: LinkSigner): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image)) return image;
  return uploadKindOf(image)?.kind === 'campaign' ? links.sign({ key: image }).url : null;
}
