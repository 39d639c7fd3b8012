/**
 * The campaigns screen's sort/filter select (docs/product/user-site.md#the-user-area, with price sorting offered as
 * docs/product/settled-contradictions.md#price-sorting settles). It works on the list the API returned (newest first), on the client.
 */
import { platformKey, platformOf, type PlatformGroup, type PlatformKey } from './platforms';

export const CAMPAIGN_VIEWS = [
  { value: 'all', label: 'All Tasks' },
  { value: 'most-available', label: 'Most Available' },
  { value: 'least-available', label: 'Least Available' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'social-media', label: 'Social Media' },
  { value: 'music-streaming', label: 'Music Streaming' },
  { value: 'app-stores', label: 'App Stores' },
  { value: 'facebook', label: 'Facebook Only' },
  { value: 'youtube', label: 'YouTube Only' },
  { value: 'instagram', label: 'Instagram Only' },
  { value: 'twitter', label: 'Twitter Only' },
  { value: 'telegram', label: 'Telegram Only' },
  { value: 'spotify', label: 'Spotify Only' },
] as const;

export type CampaignListView = (typeof CAMPAIGN_VIEWS)[number]['value'];
export const DEFAULT_CAMPAIGN_VIEW: CampaignListView = 'all';

export function isCampaignListView(value: string): value is CampaignListView {
  return CAMPAIGN_VIEWS.some((view) => view.value === value);
}

/** What filtering and sorting read from a campaign. */
export interface Filterable {
  taskPlatform: string;
  taskPrice: number;
  remainingUnits: number;
}

const GROUPS: readonly string[] = ['social-media', 'music-streaming', 'app-stores'] satisfies PlatformGroup[];

/** The campaigns to show for a choice of the select; a new array, the input untouched. */
export function filterCampaigns<T extends Filterable>(campaigns: readonly T[], view: CampaignListView): T[] {
  // Array.prototype.sort is stable, so ties keep the API's order (newest first).
  switch (view) {
    case 'all':
      return [...campaigns];
    case 'most-available':
      return [...campaigns].sort((a, b) => b.remainingUnits - a.remainingUnits);
    case 'least-available':
      return [...campaigns].sort((a, b) => a.remainingUnits - b.remainingUnits);
    case 'price-desc':
      return [...campaigns].sort((a, b) => b.taskPrice - a.taskPrice);
    case 'price-asc':
      return [...campaigns].sort((a, b) => a.taskPrice - b.taskPrice);
    default:
      if (GROUPS.includes(view))
        return campaigns.filter((campaign) => platformOf(campaign.taskPlatform).group === view);
      return campaigns.filter((campaign) => platformKey(campaign.taskPlatform) === (view as PlatformKey));
  }
}
