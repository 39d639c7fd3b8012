export * from './commands';
export * from './state';
export * from './decider';
export { CAMPAIGN_NOT_APPROVED } from './approval';
export {
  AWAITING_APPROVAL,
  CAMPAIGN_ENDED,
  CAMPAIGN_REJECTED,
  priceAboveCap,
  CAMPAIGN_TEXT_LIMITS,
  campaignTextTooLong,
  DEFAULT_ESTIMATED_MINUTES,
  type CampaignText,
} from './lifecycle';
export { NO_UNITS_LEFT, TASK_UNAVAILABLE } from './submissions';
