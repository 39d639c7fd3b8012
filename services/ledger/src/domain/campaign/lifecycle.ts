/** Creating, editing, pausing, resuming, completing and deleting a campaign, with its escrow. */
import { Accounts, kobo, transfer, type Kobo, type Posting } from '../../money';
import type { Actor } from '../actor';
import { conflict, DomainError, invalid, notFound } from '../errors';
import type {
  CampaignApprovalRequested,
  CampaignCompleted,
  CampaignCreated,
  CampaignDeleted,
  CampaignDetails,
  CampaignEvent,
  CampaignPaused,
  CampaignResumed,
  CampaignUpdated,
  SubmissionRejected,
} from '../events';
import { defaultCampaignRules, nairaInMessage, type CampaignRules } from '../money-rules';
import { isBlank, isHttpUrl } from '../text';
import type {
  CompleteCampaign,
  CreateCampaign,
  DeleteCampaign,
  PauseCampaign,
  ResumeCampaign,
  UpdateCampaign,
} from './commands';
import { ACTIVITY_PLATFORM, usedUnits, type CampaignState } from './state';

export const DEFAULT_ESTIMATED_MINUTES = 5;
export const CAMPAIGN_ENDED = 'This campaign has ended.';
/** ₦1,000,000,000 in kobo: a campaign's units × price stays far inside safe integers. */
export const MAX_CAMPAIGN_BUDGET = 100_000_000_000;
export const BUDGET_TOO_LARGE = 'Units × price cannot be more than ₦1,000,000,000.';

/**
 * The longest each text of a campaign may be, in characters (UTF-16 code units, as a browser's
 * maxLength counts them). The admin API's schemas and the web form use the same bounds.
 */
export const CAMPAIGN_TEXT_LIMITS = {
  title: { max: 200, label: 'Title is' },
  platform: { max: 50, label: 'Platform is' },
  variation: { max: 100, label: 'Variation is' },
  instructions: { max: 2000, label: 'Instructions are' },
  url: { max: 2048, label: 'URL is' },
  image: { max: 500, label: 'Image is' },
} as const;

export type CampaignText = keyof typeof CAMPAIGN_TEXT_LIMITS;

/** 'Title is at most 200 characters.' */
export function campaignTextTooLong(field: CampaignText): string {
  const { max, label } = CAMPAIGN_TEXT_LIMITS[field];
  return `${label} at most ${String(max).replace(/\B(?=(\d{3})+$)/g, ',')} characters.`;
}

function checkLengths(details: Partial<Record<CampaignText, string | null | undefined>>): void {
  for (const field of Object.keys(CAMPAIGN_TEXT_LIMITS) as CampaignText[]) {
    const text = details[field];
    if (typeof text === 'string' && text.length > CAMPAIGN_TEXT_LIMITS[field].max)
      throw invalid(campaignTextTooLong(field), field);
  }
}

function checkBudget(units: number, price: number): void {
  if (units * price > MAX_CAMPAIGN_BUDGET) throw invalid(BUDGET_TOO_LARGE, 'units');
}

export function requireCampaign(state: CampaignState): void {
  if (state.existence === 'none' || state.status === 'deleted') throw notFound('Campaign not found.');
}

export const AWAITING_APPROVAL = "This campaign is waiting for a finance user's approval.";
export const CAMPAIGN_REJECTED = 'This campaign was rejected by finance.';

/** 'The price per unit cannot be more than ₦10,000.' */
export function priceAboveCap(cap: number): string {
  return `The price per unit cannot be more than ${nairaInMessage(cap)}.`;
}

function checkPriceCap(price: number, rules: CampaignRules): void {
  if (price > rules.priceCap) throw invalid(priceAboveCap(rules.priceCap), 'price');
}

/**
 * The request for a finance user's approval when the total reward (price × units) is above the
 * threshold and above what finance approved before; none otherwise.
 */
function approvalRequest(
  state: CampaignState,
  campaignId: string,
  details: CampaignDetails,
  statusAfter: CampaignApprovalRequested['data']['statusAfter'],
  rules: CampaignRules,
  by: Actor,
): CampaignApprovalRequested[] {
  const total = kobo(details.price * details.units);
  if (total <= rules.approvalAbove || total <= state.approvedTotal) return [];
  return [
    {
      type: 'CampaignApprovalRequested',
      data: {
        campaignId,
        approvalId: `${campaignId}:approval:${state.approvalRequests + 1}`,
        title: details.title,
        price: details.price,
        units: details.units,
        total,
        rewardsTo: details.platform === ACTIVITY_PLATFORM ? 'activity' : 'account',
        statusAfter,
        by,
      },
    },
  ];
}

function validPrice(price: unknown): price is Kobo {
  return typeof price === 'number' && Number.isSafeInteger(price) && price > 0;
}

function validUnits(units: unknown): units is number {
  return typeof units === 'number' && Number.isSafeInteger(units) && units > 0;
}

/** Checks the fields that are present; `required` says which must be. */
function checkDetails(details: Partial<CampaignDetails>, creating: boolean): void {
  const present = (key: keyof CampaignDetails) => creating || details[key] !== undefined;
  if (present('title') && isBlank(details.title)) throw invalid('Title is required.', 'title');
  if (present('platform') && isBlank(details.platform)) throw invalid('Platform is required.', 'platform');
  if (present('url')) {
    if (isBlank(details.url)) throw invalid('URL is required.', 'url');
    if (!isHttpUrl(details.url!.trim())) throw invalid('Please enter a valid URL.', 'url');
  }
  if (present('price')) {
    if (details.price === undefined || details.price === null)
      throw invalid('Price per unit is required.', 'price');
    if (!validPrice(details.price)) throw invalid('Price per unit must be more than ₦0.', 'price');
  }
  if (present('units')) {
    if (details.units === undefined || details.units === null) throw invalid('Units is required.', 'units');
    if (!validUnits(details.units)) throw invalid('Units must be a whole number of at least 1.', 'units');
  }
  if (
    details.estimatedMinutes !== undefined &&
    (!Number.isSafeInteger(details.estimatedMinutes) || details.estimatedMinutes <= 0)
  )
    throw invalid('Estimated time must be a whole number of minutes.', 'estimatedMinutes');
}

function normalize(details: Partial<CampaignDetails>): Partial<CampaignDetails> {
  const out: Partial<CampaignDetails> = { ...details };
  if (out.title !== undefined) out.title = out.title.trim();
  if (out.platform !== undefined) out.platform = out.platform.trim().toLowerCase();
  if (out.variation !== undefined) out.variation = out.variation.trim();
  if (out.url !== undefined) out.url = out.url.trim();
  return out;
}

/** Field by field: details read back from storage may list their keys in another order. */
function sameDetails(a: CampaignDetails, b: CampaignDetails): boolean {
  return (Object.keys(b) as (keyof CampaignDetails)[]).every((key) => a[key] === b[key]);
}

/** world <-> escrow, whichever way `delta` points. */
function escrowPostings(campaignId: string, delta: number): Posting[] {
  if (delta === 0) return [];
  const escrow = Accounts.campaignEscrow(campaignId);
  return delta > 0
    ? transfer(Accounts.world, escrow, kobo(delta))
    : transfer(escrow, Accounts.world, kobo(-delta));
}

export function createCampaign(
  command: CreateCampaign,
  state: CampaignState,
): (CampaignCreated | CampaignApprovalRequested)[] {
  const { campaignId, by } = command.data;
  const rules = command.data.rules ?? defaultCampaignRules;
  const raw = command.data;
  checkLengths(raw);
  checkDetails(
    { title: raw.title, platform: raw.platform, url: raw.url, price: raw.price!, units: raw.units! },
    true,
  );
  checkDetails({ estimatedMinutes: raw.estimatedMinutes }, false);
  const details = normalize({
    title: raw.title,
    platform: raw.platform,
    variation: raw.variation ?? '',
    instructions: raw.instructions ?? '',
    url: raw.url,
    price: raw.price!,
    units: raw.units!,
    estimatedMinutes: raw.estimatedMinutes ?? DEFAULT_ESTIMATED_MINUTES,
    image: raw.image ?? null,
  }) as CampaignDetails;
  checkBudget(details.units, details.price);
  const status = raw.status ?? 'active';
  if (state.existence !== 'none') {
    // The same creation sent again is a retry.
    if (sameDetails(state.details, details)) return [];
    throw conflict('A campaign with this id already exists.');
  }
  checkPriceCap(details.price, rules);
  const escrow = kobo(details.units * details.price);
  const created: CampaignCreated = {
    type: 'CampaignCreated',
    data: {
      campaignId,
      details,
      status,
      by,
      escrow,
      postings: escrowPostings(campaignId, escrow),
    },
  };
  // Funded at once; above the threshold no one can take part until finance approves.
  return [created, ...approvalRequest(state, campaignId, details, status, rules, by)];
}

export function updateCampaign(
  command: UpdateCampaign,
  state: CampaignState,
): (CampaignUpdated | CampaignApprovalRequested)[] {
  const { campaignId, by } = command.data;
  const rules = command.data.rules ?? defaultCampaignRules;
  requireCampaign(state);
  if (state.status === 'completed') throw conflict(CAMPAIGN_ENDED);
  if (state.status === 'rejected') throw conflict(CAMPAIGN_REJECTED);
  checkLengths(command.data.changes);
  checkDetails(command.data.changes, false);
  const given = normalize(command.data.changes);
  const changes: Partial<CampaignDetails> = {};
  for (const key of Object.keys(given) as (keyof CampaignDetails)[])
    if (given[key] !== undefined && given[key] !== state.details[key])
      (changes as Record<string, unknown>)[key] = given[key];
  if (Object.keys(changes).length === 0) return [];
  const used = usedUnits(state);
  if (changes.platform !== undefined && used > 0)
    throw conflict('The platform cannot be changed once people have taken part.', 'platform');
  const units = changes.units ?? state.details.units;
  const price = changes.price ?? state.details.price;
  checkBudget(units, price);
  if (changes.price !== undefined) checkPriceCap(price, rules);
  if ((changes.price !== undefined || changes.units !== undefined) && state.status === 'awaiting_approval')
    throw conflict(`${AWAITING_APPROVAL} Its price and units cannot change until then.`, 'units');
  if (units < used)
    throw new DomainError(
      'insufficient_units',
      `Units cannot be fewer than the ${used} already approved or pending.`,
      'units',
    );
  // Pending submissions keep the reward they were submitted at; the units still open take the new price.
  const required = state.pendingRewards + (units - used) * price;
  const escrowDelta = kobo(required - state.escrow);
  const updated: CampaignUpdated = {
    type: 'CampaignUpdated',
    data: { campaignId, changes, by, escrowDelta, postings: escrowPostings(campaignId, escrowDelta) },
  };
  // A raised total waits for finance again; the campaign takes its status back once approved.
  const raised = units * price > state.details.units * state.details.price;
  const statusNow = state.status as 'active' | 'draft' | 'paused';
  const request = raised
    ? approvalRequest(state, campaignId, { ...state.details, ...changes }, statusNow, rules, by)
    : [];
  return [updated, ...request];
}

export function pauseCampaign(command: PauseCampaign, state: CampaignState): CampaignPaused[] {
  requireCampaign(state);
  if (state.status === 'paused') return [];
  if (state.status === 'awaiting_approval') throw conflict(AWAITING_APPROVAL);
  if (state.status !== 'active') throw conflict('Only an active campaign can be paused.');
  return [{ type: 'CampaignPaused', data: { ...command.data } }];
}

export function resumeCampaign(command: ResumeCampaign, state: CampaignState): CampaignResumed[] {
  requireCampaign(state);
  if (state.status === 'active') return [];
  if (state.status === 'awaiting_approval') throw conflict(AWAITING_APPROVAL);
  if (state.status !== 'paused' && state.status !== 'draft')
    throw conflict('Only a paused campaign can be resumed.');
  return [{ type: 'CampaignResumed', data: { ...command.data } }];
}

/** The pending submissions turned down, with `reason`, as a campaign ends. */
export function pendingRejections(
  state: CampaignState,
  campaignId: string,
  reason: string,
  by: Actor,
): SubmissionRejected[] {
  return [...state.submissions.values()]
    .filter((s) => s.status === 'pending')
    .map((s) => ({
      type: 'SubmissionRejected',
      data: { campaignId, submissionId: s.submissionId, userId: s.userId, reason, by },
    }));
}

/** Pending submissions are turned down, then all the escrow left goes back. */
function endCampaign<E extends CampaignCompleted | CampaignDeleted>(
  type: E['type'],
  campaignId: string,
  by: Actor,
  state: CampaignState,
): CampaignEvent[] {
  const rejections = pendingRejections(state, campaignId, CAMPAIGN_ENDED, by);
  const refund = state.escrow;
  const end = {
    type,
    data: {
      campaignId,
      by,
      refund,
      postings: refund > 0 ? transfer(Accounts.campaignEscrow(campaignId), Accounts.world, refund) : [],
    },
  } as E;
  return [...rejections, end];
}

export function completeCampaign(command: CompleteCampaign, state: CampaignState): CampaignEvent[] {
  requireCampaign(state);
  if (state.status === 'completed') return [];
  if (state.status === 'awaiting_approval') throw conflict(AWAITING_APPROVAL);
  if (state.status === 'rejected') throw conflict(CAMPAIGN_REJECTED);
  return endCampaign<CampaignCompleted>('CampaignCompleted', command.data.campaignId, command.data.by, state);
}

export function deleteCampaign(command: DeleteCampaign, state: CampaignState): CampaignEvent[] {
  if (state.existence === 'exists' && state.status === 'deleted') return [];
  requireCampaign(state);
  if (state.status === 'awaiting_approval') throw conflict(AWAITING_APPROVAL);
  return endCampaign<CampaignDeleted>('CampaignDeleted', command.data.campaignId, command.data.by, state);
}
