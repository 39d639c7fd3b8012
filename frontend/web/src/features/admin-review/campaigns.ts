/**
 * The Active Campaigns view's figures (docs/product/staff-area.md#admin-screens, #what-the-admin-screens-show, #figures-and-limits): which campaigns it
 * lists, the search and platform filter, the summary cards and each card's derived counts. Money
 * comes from the server as it is; only unit counts and percentages are derived here.
 */
import { platformKey } from '../tasks/platforms';
import type { AdminCampaign } from './api';

export const PLATFORM_FILTERS = [
  { value: '', label: 'All Platforms' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'telegram', label: 'Telegram' },
  { value: 'whatsapp', label: 'WhatsApp' },
] as const;

/** The view shows running campaigns: active ones and paused ones (which can be resumed). */
export function isOnActiveView(campaign: AdminCampaign): boolean {
  return campaign.taskStatus === 'active' || campaign.taskStatus === 'paused';
}

export function filterCampaigns(
  campaigns: AdminCampaign[],
  { search, platform }: { search: string; platform: string },
): AdminCampaign[] {
  const wanted = search.trim().toLowerCase();
  return campaigns
    .filter(isOnActiveView)
    .filter((c) => !wanted || c.taskName.toLowerCase().includes(wanted))
    .filter((c) => !platform || platformKey(c.taskPlatform) === platform)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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
