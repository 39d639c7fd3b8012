/** The campaigns screen's fixed texts (it calls them tasks) (docs/product/user-site.md#the-user-area and #messages: a contract, keep them exact). */
import { SUBMISSION_REVIEW_TIME } from '../../shared/constants';

export const CAMPAIGNS_FETCH_FAILED = 'Failed to fetch tasks';
export const TAKE_PART_FAILED = 'Failed to complete task';
export const SUBMISSION_NOT_APPROVED =
  'Your task submission was not approved. Please ensure you follow the task instructions correctly and try again.';
export const SUBMIT_EXCEPTION = 'An error occurred while submitting your task. Please try again later.';
/** Fallbacks when a success answer carries no message of its own. */
export const PROOF_PENDING_VERIFICATION = `Task submitted successfully! It will be verified within ${SUBMISSION_REVIEW_TIME}.`;
export const ACTIVITY_APPROVED = 'Activity completed and approved! Your activity balance has been credited.';
export const TIME_ESTIMATE = '5-10 minutes';
export const PROOF_HINT = 'PNG, JPG up to 10MB';
export const REQUIREMENTS = [
  'Take a clear screenshot showing the completed task',
  'Ensure all the task requirements are met before you submit',
] as const;
