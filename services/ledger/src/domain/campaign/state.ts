/** The campaign stream folded: details, status, escrow, and every submission made against it. */
import { Map as KeyedMap } from 'immutable';
import { Accounts, kobo, type Kobo } from '../../money';
import type { Actor } from '../actor';
import {
  postingsOf,
  type CampaignDetails,
  type CampaignEvent,
  type CampaignStatus,
  type LookAlike,
} from '../events';

export const ACTIVITY_PLATFORM = 'activity';

export type SubmissionStatus = 'pending' | 'approved' | 'rejected' | 'completed';

export interface SubmissionRecord {
  submissionId: string;
  userId: string;
  /** 'completed' is an activity task: done at once, never reviewed. */
  status: SubmissionStatus;
  /** The price when it was submitted: what approval pays. */
  reward: Kobo;
  proofImage: string | null;
  perceptualHash: string | null;
  flags: string[] | null;
  /** Absent in snapshots taken before SubmissionVerified carried it: none. */
  lookAlikes?: LookAlike[];
}

/** A request for a finance user's approval of the campaign's total reward. */
export interface CampaignApproval {
  approvalId: string;
  total: Kobo;
  requestedBy: Actor;
  statusAfter: 'active' | 'draft' | 'paused';
  state: 'pending' | 'approved' | 'rejected';
}

export interface CampaignState {
  existence: 'none' | 'exists';
  campaignId: string;
  status: CampaignStatus;
  details: CampaignDetails;
  /**
   * Kobo held in the campaign's escrow account: this stream's own postings (funding, top-ups,
   * refunds) less the rewards paid out, whose postings travel in RewardCredited on the user's
   * stream in the same append as SubmissionApproved / ActivityCompleted.
   */
  escrow: Kobo;
  /** By submission id. The keyed collections are persistent maps: a submission adds to one without
   * copying it, so a campaign with 10,000 submissions takes the next as fast as a new one. */
  submissions: KeyedMap<string, SubmissionRecord>;
  /** One submission per user: userId -> submissionId. */
  byUser: KeyedMap<string, string>;
  approved: number;
  pending: number;
  /** Activity completions. */
  completed: number;
  /** Sum of the rewards reserved by pending submissions. */
  pendingRewards: Kobo;
  /** The latest approval request, if any was ever needed. */
  approval: CampaignApproval | null;
  /** How many approval requests were made (names the next one). */
  approvalRequests: number;
  /** The largest total reward a finance user approved: an edit up to it needs no new approval. */
  approvedTotal: Kobo;
}

export function initialCampaignState(): CampaignState {
  return {
    existence: 'none',
    campaignId: '',
    status: 'draft',
    details: {
      title: '',
      platform: '',
      variation: '',
      instructions: '',
      url: '',
      price: kobo(0),
      units: 0,
      estimatedMinutes: 0,
      image: null,
    },
    escrow: kobo(0),
    submissions: KeyedMap(),
    byUser: KeyedMap(),
    approved: 0,
    pending: 0,
    completed: 0,
    pendingRewards: kobo(0),
    approval: null,
    approvalRequests: 0,
    approvedTotal: kobo(0),
  };
}

/** The state from its saved form (the state as JSON: each keyed collection a plain object). */
export function restoreCampaignState(saved: unknown): CampaignState {
  const state = saved as Omit<CampaignState, 'submissions' | 'byUser'> & {
    submissions: Record<string, SubmissionRecord>;
    byUser: Record<string, string>;
  };
  return { ...state, submissions: KeyedMap(state.submissions), byUser: KeyedMap(state.byUser) };
}

/** Units spent or reserved: approved, pending review, and activity completions. */
export function usedUnits(state: CampaignState): number {
  return state.approved + state.pending + state.completed;
}

export function unitsLeft(state: CampaignState): number {
  return state.details.units - usedUnits(state);
}

function escrowAfter(state: CampaignState, event: CampaignEvent): Kobo {
  const account = Accounts.campaignEscrow(state.campaignId || event.data.campaignId);
  return postingsOf(event).reduce(
    (sum, p) => (p.account === account ? kobo(sum + p.amount) : sum),
    state.escrow,
  );
}

function setStatus(state: CampaignState, submissionId: string, status: SubmissionStatus): CampaignState {
  const s = state.submissions.get(submissionId);
  if (!s) return state;
  const wasPending = s.status === 'pending';
  return {
    ...state,
    submissions: state.submissions.set(submissionId, { ...s, status }),
    pending: wasPending ? state.pending - 1 : state.pending,
    pendingRewards: wasPending ? kobo(state.pendingRewards - s.reward) : state.pendingRewards,
    approved: status === 'approved' ? state.approved + 1 : state.approved,
  };
}

export function evolveCampaign(state: CampaignState, event: CampaignEvent): CampaignState {
  const next: CampaignState = { ...state, escrow: escrowAfter(state, event) };
  switch (event.type) {
    case 'CampaignCreated':
      return {
        ...next,
        existence: 'exists',
        campaignId: event.data.campaignId,
        status: event.data.status,
        details: event.data.details,
      };
    case 'CampaignUpdated':
      return { ...next, details: { ...state.details, ...event.data.changes } };
    case 'CampaignApprovalRequested': {
      const d = event.data;
      return {
        ...next,
        status: 'awaiting_approval',
        approval: {
          approvalId: d.approvalId,
          total: d.total,
          requestedBy: d.by,
          statusAfter: d.statusAfter,
          state: 'pending',
        },
        approvalRequests: state.approvalRequests + 1,
      };
    }
    case 'CampaignApproved':
      return {
        ...next,
        status: event.data.status,
        approval: state.approval && { ...state.approval, state: 'approved' },
        approvedTotal: kobo(Math.max(state.approvedTotal, event.data.total)),
      };
    case 'CampaignRejected':
      return {
        ...next,
        status: 'rejected',
        approval: state.approval && { ...state.approval, state: 'rejected' },
      };
    case 'CampaignPaused':
      return { ...next, status: 'paused' };
    case 'CampaignResumed':
      return { ...next, status: 'active' };
    case 'CampaignCompleted':
      return { ...next, status: 'completed' };
    case 'CampaignDeleted':
      return { ...next, status: 'deleted' };
    case 'TaskSubmitted': {
      const d = event.data;
      const record: SubmissionRecord = {
        submissionId: d.submissionId,
        userId: d.userId,
        status: 'pending',
        reward: d.reward,
        proofImage: d.proofImage,
        perceptualHash: null,
        flags: null,
      };
      return {
        ...next,
        submissions: state.submissions.set(d.submissionId, record),
        byUser: state.byUser.set(d.userId, d.submissionId),
        pending: state.pending + 1,
        pendingRewards: kobo(state.pendingRewards + d.reward),
      };
    }
    case 'SubmissionVerified': {
      const s = state.submissions.get(event.data.submissionId);
      if (!s) return next;
      const { perceptualHash, flags, lookAlikes } = event.data;
      const verified = { ...s, perceptualHash, flags, lookAlikes };
      return { ...next, submissions: state.submissions.set(s.submissionId, verified) };
    }
    case 'SubmissionApproved':
      return setStatus(
        { ...next, escrow: kobo(next.escrow - event.data.reward) },
        event.data.submissionId,
        'approved',
      );
    case 'SubmissionRejected':
      return setStatus(next, event.data.submissionId, 'rejected');
    case 'ActivityCompleted': {
      const d = event.data;
      const record: SubmissionRecord = {
        submissionId: d.submissionId,
        userId: d.userId,
        status: 'completed',
        reward: d.reward,
        proofImage: null,
        perceptualHash: null,
        flags: null,
      };
      return {
        ...next,
        escrow: kobo(next.escrow - d.reward),
        submissions: state.submissions.set(d.submissionId, record),
        byUser: state.byUser.set(d.userId, d.submissionId),
        completed: state.completed + 1,
      };
    }
  }
}
