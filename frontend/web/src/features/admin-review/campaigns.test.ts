import type { AdminCampaign } from './api';
import {
  PLATFORM_FILTERS,
  countByStatus,
  filterCampaigns,
  progressPercent,
  remainingUnits,
  summarise,
} from './campaigns';

function campaign(id: string, extra: Partial<AdminCampaign>): AdminCampaign {
  return {
    _id: id,
    taskId: id,
    taskName: `Campaign ${id}`,
    taskPlatform: 'facebook',
    taskVariation: 'Like Page',
    taskInstructions: 'Like, then upload a screenshot.',
    taskUrl: 'https://example.com',
    taskPrice: 50,
    taskUnits: 10,
    completedUnits: 2,
    pendingUnits: 1,
    rejectedUnits: 0,
    taskStatus: 'active',
    rejectionReason: null,
    taskTime: 5,
    estimatedTime: 5,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    taskImage: null,
    spent: 100,
    budget: 500,
    totalCost: 500,
    remaining: 7,
    escrowBalance: 400,
    participants: 3,
    completedBy: [],
    ...extra,
  };
}

const campaigns = [
  campaign('a', { taskName: 'Like the Jollof page', createdAt: '2026-11-01T10:00:00.000Z' }),
  campaign('b', {
    taskName: 'Follow on Instagram',
    taskPlatform: 'instagram',
    taskStatus: 'paused',
    createdAt: '2026-11-03T10:00:00.000Z',
    budget: 100.1,
    participants: 1,
    completedUnits: 0,
  }),
  campaign('c', { taskName: 'Ended one', taskStatus: 'completed', budget: 9999 }),
  campaign('d', { taskName: 'Draft one', taskStatus: 'draft' }),
  campaign('e', {
    taskName: 'Retweet',
    taskPlatform: 'X',
    createdAt: '2026-11-02T10:00:00.000Z',
    budget: 0.2,
  }),
];

describe('the active campaigns view', () => {
  it('lists the active campaigns, newest first; the paused ones under their own toggle', () => {
    expect(filterCampaigns(campaigns, { search: '', platform: '' }).map((c) => c._id)).toEqual(['e', 'a']);
    const ids = (status: 'active' | 'paused' | 'all') =>
      filterCampaigns(campaigns, { search: '', platform: '', status }).map((c) => c._id);
    expect(ids('paused')).toEqual(['b']);
    expect(ids('all')).toEqual(['b', 'e', 'a']);
    // The badge above the cards counts what the default toggle lists.
    expect(countByStatus(campaigns)).toEqual({ active: 2, paused: 1, all: 3 });
    expect(countByStatus(campaigns).active).toBe(summarise(campaigns).totalActive);
  });

  it('filters and sorts by the proofs waiting for review', () => {
    const waiting = [
      campaign('p0', { pendingUnits: 0, createdAt: '2026-11-05T10:00:00.000Z' }),
      campaign('p3', { pendingUnits: 3, createdAt: '2026-11-01T10:00:00.000Z' }),
      campaign('p1', { pendingUnits: 1, createdAt: '2026-11-04T10:00:00.000Z' }),
      campaign('p3b', { pendingUnits: 3, createdAt: '2026-11-02T10:00:00.000Z' }),
    ];
    const ids = (filters: Partial<Parameters<typeof filterCampaigns>[1]>) =>
      filterCampaigns(waiting, { search: '', platform: '', ...filters }).map((c) => c._id);
    expect(ids({ sort: 'pending' })).toEqual(['p3b', 'p3', 'p1', 'p0']);
    expect(ids({})).toEqual(['p0', 'p1', 'p3b', 'p3']);
    expect(ids({ pending: 'waiting' })).toEqual(['p1', 'p3b', 'p3']);
    expect(ids({ pending: 'none' })).toEqual(['p0']);
  });

  it('offers every platform the product supports in the platform filter', () => {
    const labels = PLATFORM_FILTERS.map((f) => f.label);
    for (const label of [
      'Activity',
      'Website',
      'Google Play Store',
      'Apple App Store',
      'Spotify',
      'Boomplay',
      'Audiomack',
      'TikTok',
    ])
      expect(labels).toContain(label);
    expect(PLATFORM_FILTERS[0]).toEqual({ value: '', label: 'All Platforms' });
  });

  it('searches titles case-insensitively and filters by platform (other spellings too)', () => {
    expect(filterCampaigns(campaigns, { search: 'JOLLOF', platform: '' }).map((c) => c._id)).toEqual(['a']);
    expect(filterCampaigns(campaigns, { search: '', platform: 'twitter' }).map((c) => c._id)).toEqual(['e']);
    expect(filterCampaigns(campaigns, { search: 'one', platform: '', status: 'all' })).toEqual([]);
  });

  it('sums the cards over the listed campaigns, counting only active ones as active', () => {
    expect(summarise(campaigns)).toEqual({
      totalActive: 2,
      totalParticipants: 7,
      totalBudget: 600.3,
      completedTasks: 4,
    });
  });

  it('caps the progress at 100% and never shows negative remaining units', () => {
    expect(progressPercent(3, 10)).toBe(30);
    expect(progressPercent(12, 10)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
    expect(remainingUnits(campaign('x', { taskUnits: 10, completedUnits: 12 }))).toBe(0);
    expect(remainingUnits(campaign('x', { taskUnits: 10, completedUnits: 4 }))).toBe(6);
  });
});
