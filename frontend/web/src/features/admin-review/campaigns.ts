/**
 * The Active Campaigns view's figures (docs/product/staff-area.md#admin-screens, #what-the-admin-screens-show, #figures-and-limits): which campaigns it
 * lists, the search and platform filter, the summary cards and each card's derived counts. Money
 * comes from the server as it is; only unit counts and percentages are derived here.
 */
import { KNOWN_PLATFORMS, platformKey } from '../campaigns/platforms';
import type { AdminCampaign } from './api';

/** All Platforms, then every platform the product supports (features/campaigns/platforms). */
export const PLATFORM_FILTERS: readonly { value: string; label: string }[] = [
  { value: '', label: 'All Platforms' },
  ...KNOWN_PLATFORMS.map((platform) => ({ value: platform.key, label: platform.label })),
];

/** The view's status toggle: the running campaigns (the default), the paused ones, or both. */
export type StatusView = 'active' | 'paused' | 'all';
export const STATUS_VIEWS: readonly { value: StatusView; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'all', label: 'All' },
];

export function parseStatusView(raw: string | null): StatusView {
  return raw === 'paused' || raw === 'all' ? raw : 'active';
}

/** The pending-proofs filter: any campaign, those with proofs to review, or those without. */
export type PendingFilter = '' | 'waiting' | 'none';
export const PENDING_FILTERS: readonly { value: PendingFilter; label: string }[] = [
  { value: '', label: 'Any' },
  { value: 'waiting', label: 'With proofs to review' },
  { value: 'none', label: 'Nothing to review' },
];

export function parsePendingFilter(raw: string | null): PendingFilter {
  return raw === 'waiting' || raw === 'none' ? raw : '';
}

/** The order of the cards: newest first (the default), or most pending proofs first. */
export type CampaignSort = 'newest' | 'pending';
export const CAMPAIGN_SORTS: readonly { value: CampaignSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'pending', label: 'Most proofs to review' },
];

export function parseCampaignSort(raw: string | null): CampaignSort {
  return raw === 'pending' ? 'pending' : 'newest';
}

/** The view shows running campaigns: active ones and paused ones (which can be resumed). */
export function isOnActiveView(campaign: AdminCampaign): boolean {
  return campaign.taskStatus === 'active' || campaign.taskStatus === 'paused';
}

export interface CampaignFilters {
  search: string;
  platform: string;
  /** Default 'active': a paused campaign is not counted or listed as active. */
  status?: StatusView;
  pending?: PendingFilter;
  sort?: CampaignSort;
}

const newestFirst = (a: AdminCampaign, b: AdminCampaign) => b.createdAt.localeCompare(a.createdAt);

export function filterCampaigns(
  campaigns: AdminCampaign[],
  { search, platform, status = 'active', pending = '', sort = 'newest' }: CampaignFilters,
): AdminCampaign[] {
  const wanted = search.trim().toLowerCase();
  return campaigns
    .filter(isOnActiveView)
    .filter((c) => status === 'all' || c.taskStatus === status)
    .filter((c) => !wanted || c.taskName.toLowerCase().includes(wanted))
    .filter((c) => !platform || platformKey(c.taskPlatform) === platform)
    .filter((c) =>
      pending === 'waiting' ? c.pendingUnits > 0 : pending === 'none' ? c.pendingUnits === 0 : true,
    )
    .sort(sort === 'pending' ? (a, b) => b.pendingUnits - a.pendingUnits || newestFirst(a, b) : newestFirst);
}

/** How many campaigns each status toggle shows. */
export function countByStatus(campaigns: AdminCampaign[]): Record<StatusView, number> {
  const shown = campaigns.filter(isOnActiveView);
  const active = shown.filter((c) => c.taskStatus === 'active').length;
  return { active, paused: shown.length - active, all: shown.length };
}

export interface CampaignSummary {
  totalActive: number;
  totalParticipants: number;
  totalBudget: number;
  completedTasks: number;
}

/** The summary cards, over every campaign the view lists (not only the filtered ones). */
export function summarise(campaigns: AdminCampaign[]): CampaignSummary {
  const shown = campaigns.filter(isOnActiveView);
  return {
    totalActive: shown.filter((c) => c.taskStatus === 'active').length,
    totalParticipants: shown.reduce((sum, c) => sum + c.participants, 0),
    // Kobo-exact sum of naira figures with 2 decimals.
    totalBudget: shown.reduce((sum, c) => sum + Math.round(c.budget * 100), 0) / 100,
    completedTasks: shown.reduce((sum, c) => sum + c.completedUnits, 0),
  };
}

/** Completed of units as a percent for the bar, capped at 100. */
export function progressPercent(completed: number, units: number): number {
  if (units <= 0) return completed > 0 ? 100 : 0;
  return Math.min(100, Math.round((completed / units) * 100));
}

/** Units minus completed, never below zero. */
export function remainingUnits(campaign: AdminCampaign): number {
  return Math.max(0, campaign.taskUnits - campaign.completedUnits);
}
