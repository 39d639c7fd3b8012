/** The tasks screen's fixed texts (docs/product/user-site.md#the-user-area and #messages: a contract, keep them exact). */
import { TASK_VERIFICATION } from '../../shared/constants';

export const TASKS_FETCH_FAILED = 'Failed to fetch tasks';
export const TASK_SUBMIT_FAILED = 'Failed to complete task';
export const TASK_NOT_APPROVED =
  'Your task submission was not approved. Please ensure you follow the task instructions correctly and try again.';
export const TASK_SUBMIT_EXCEPTION = 'An error occurred while submitting your task. Please try again later.';
/** Fallbacks when a success answer carries no message of its own. */
export const TASK_PENDING_VERIFICATION = `Task submitted successfully! It will be verified within ${TASK_VERIFICATION}.`;
export const ACTIVITY_APPROVED = 'Activity completed and approved! Your activity balance has been credited.';
export const TIME_ESTIMATE = '5-10 minutes';
export const PROOF_HINT = 'PNG, JPG up to 10MB';
export const REQUIREMENTS = [
  'Take a clear screenshot showing the completed task',
  'Ensure all the task requirements are met before you submit',
] as const;
