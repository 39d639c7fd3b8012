/** Campaigns as GET /api/admin/tasks gives them, for the tests. */
import type { AdminCampaign } from '../admin-review/api';

export function campaign(overrides: Partial<AdminCampaign> = {}): AdminCampaign {
  const id = overrides._id ?? 'c-1';
  return {
    _id: id,
    taskId: id,
    taskName: 'Subscribe to Naija Tech Reviews',
    taskPlatform: 'youtube',
    taskVariation: 'Subscribe Channel',
    taskInstructions: 'Subscribe, then upload a screenshot.',
    taskUrl: 'https://youtube.com/@naijatech',
    taskPrice: 40.5,
    taskUnits: 100,
    completedUnits: 10,
    pendingUnits: 2,
    rejectedUnits: 1,
    taskStatus: 'active',
    rejectionReason: null,
    taskTime: 5,
    estimatedTime: 5,
    createdAt: '2026-11-20T10:30:00.000Z',
    updatedAt: '2026-11-20T10:30:00.000Z',
    taskImage: null,
    spent: 405,
    budget: 4050,
    totalCost: 4050,
    remaining: 88,
    escrowBalance: 3645,
    participants: 13,
    completedBy: [],
    ...overrides,
  };
}
