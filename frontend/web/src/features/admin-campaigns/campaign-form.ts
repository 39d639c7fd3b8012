/**
 * The Create/Edit campaign form (docs/product/staff-area.md#form-rules): its values as typed, the checks made
 * before sending (the server checks again and its field messages are shown the same way), the
 * body sent, and the total cost shown while typing. Field names are the server's, so its
 * per-field `errors` land on the right input.
 */
import type { AdminCampaign } from '../admin-review/api';
import type { CampaignBody, CampaignUpdate } from './api';
import { formPlatform, variationsFor } from './campaign-platforms';
import { SETTABLE_STATUSES, type CampaignStatus, type SettableStatus } from './campaigns-list';

function isSettable(status: CampaignStatus): status is SettableStatus {
  return (SETTABLE_STATUSES as readonly string[]).includes(status);
}

export const DEFAULT_MINUTES = 5;
export const REQUIRED_MESSAGE = 'Please fill in all required fields.';

/** The longest each text may be, in characters: the server's bounds (docs/api/admin.md). */
export const TEXT_LIMITS = { taskName: 200, taskInstructions: 2000, taskUrl: 2048 } as const;
const TOO_LONG = {
  taskName: 'Title is at most 200 characters.',
  taskInstructions: 'Instructions are at most 2,000 characters.',
  taskUrl: 'URL is at most 2,048 characters.',
} as const;

export interface CampaignFormValues {
  taskName: string;
  taskPlatform: string;
  taskVariation: string;
  taskInstructions: string;
  taskUrl: string;
  taskUnits: string;
  taskPrice: string;
  taskTime: string;
  taskStatus: CampaignStatus;
  /** Object-store key of the guide image; null for none. */
  taskImage: string | null;
}

export type CampaignField = keyof CampaignFormValues;
export type FormErrors = Partial<Record<CampaignField, string>>;

export function emptyForm(): CampaignFormValues {
  return {
    taskName: '',
    taskPlatform: '',
    taskVariation: '',
    taskInstructions: '',
    taskUrl: '',
    taskUnits: '',
    taskPrice: '',
    taskTime: String(DEFAULT_MINUTES),
    taskStatus: 'active',
    taskImage: null,
  };
}

export function formFromCampaign(campaign: AdminCampaign): CampaignFormValues {
  return {
    taskName: campaign.taskName,
    taskPlatform: formPlatform(campaign.taskPlatform) || campaign.taskPlatform,
    taskVariation: campaign.taskVariation,
    taskInstructions: campaign.taskInstructions,
    taskUrl: campaign.taskUrl,
    taskUnits: String(campaign.taskUnits),
    taskPrice: String(campaign.taskPrice),
    taskTime: String(campaign.taskTime),
    taskStatus: campaign.taskStatus,
    taskImage: campaign.taskImage,
  };
}

/** A new platform brings its own variations: the chosen one is kept only if the new platform has it. */
export function choosePlatform(values: CampaignFormValues, platform: string): CampaignFormValues {
  const keep = platform === values.taskPlatform && variationsFor(platform).includes(values.taskVariation);
  return { ...values, taskPlatform: platform, taskVariation: keep ? values.taskVariation : '' };
}

const WHOLE = /^\d+$/;
const NAIRA = /^\d+(\.\d{1,2})?$/;

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The per-field messages; empty when the form may be sent. */
export function validate(values: CampaignFormValues): FormErrors {
  const errors: FormErrors = {};
  const units = values.taskUnits.trim();
  const price = values.taskPrice.trim();
  const time = values.taskTime.trim();
  if (!values.taskName.trim()) errors.taskName = 'Title is required.';
  if (!values.taskPlatform) errors.taskPlatform = 'Platform is required.';
  else if (!values.taskVariation) errors.taskVariation = 'Variation is required.';
  if (!values.taskUrl.trim()) errors.taskUrl = 'URL is required.';
  else if (!isUrl(values.taskUrl.trim())) errors.taskUrl = 'Please enter a valid URL.';
  if (!units) errors.taskUnits = 'Units is required.';
  else if (!WHOLE.test(units) || Number(units) < 1)
    errors.taskUnits = 'Units must be a whole number of at least 1.';
  if (!price) errors.taskPrice = 'Price per unit is required.';
  else if (!NAIRA.test(price))
    errors.taskPrice = 'Price per unit must be a naira amount with at most 2 decimals.';
  else if (Number(price) <= 0) errors.taskPrice = 'Price per unit must be more than ₦0.';
  if (time && (!WHOLE.test(time) || Number(time) < 1)) errors.taskTime = 'Enter a whole number.';
  // As sent (trimmed): a pasted text longer than the input's maxLength is cut by the browser, but
  // one loaded into the form is not.
  for (const field of Object.keys(TEXT_LIMITS) as (keyof typeof TEXT_LIMITS)[])
    if (values[field].trim().length > TEXT_LIMITS[field]) errors[field] = TOO_LONG[field];
  return errors;
}

/** Whether any required field is blank (the form's summary message then says so). */
export function missesRequired(errors: FormErrors): boolean {
  return Object.values(errors).some((message) => message?.endsWith(' is required.'));
}

/** Units × price in naira, or null until both are valid. Kobo-exact. */
export function totalCost(values: CampaignFormValues): number | null {
  const units = values.taskUnits.trim();
  const price = values.taskPrice.trim();
  if (!WHOLE.test(units) || !NAIRA.test(price)) return null;
  return (Math.round(Number(price) * 100) * Number(units)) / 100;
}

function details(values: CampaignFormValues) {
  return {
    taskName: values.taskName.trim(),
    taskPlatform: values.taskPlatform,
    taskVariation: values.taskVariation,
    taskInstructions: values.taskInstructions.trim(),
    taskUrl: values.taskUrl.trim(),
    taskUnits: Number(values.taskUnits.trim()),
    taskPrice: Number(values.taskPrice.trim()),
    taskTime: Number(values.taskTime.trim() || DEFAULT_MINUTES),
  };
}

export function createBody(values: CampaignFormValues): CampaignBody {
  return { ...details(values), ...(values.taskImage ? { taskImage: values.taskImage } : {}) };
}

/**
 * Only what changed: the server refuses some changes once people took part (the platform, a
 * status going back to draft), so an untouched field is not sent again.
 */
export function updateBody(before: CampaignFormValues, values: CampaignFormValues): CampaignUpdate {
  const was = details(before);
  const now = details(values);
  const body: CampaignUpdate = {};
  for (const field of Object.keys(now) as (keyof typeof now)[]) {
    if (now[field] !== was[field]) Object.assign(body, { [field]: now[field] });
  }
  if (values.taskImage !== before.taskImage) body.taskImage = values.taskImage;
  // A campaign awaiting approval or rejected keeps that status: only finance moves it.
  if (values.taskStatus !== before.taskStatus && isSettable(values.taskStatus))
    body.taskStatus = values.taskStatus;
  return body;
}
