/**
 * The Task Review view's logic (docs/product/staff-area.md#admin-screens, #how-things-change): counts per status, the status
 * filter, the empty-state text, and the proof verification flags read as links to the look-alike
 * submission when it is in the same campaign.
 */
import type { AdminCampaign, AdminSubmission } from './api';

export type StatusFilter = 'pending' | 'approved' | 'rejected' | 'all';

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All Submissions' },
];

export function parseStatusFilter(raw: string | null): StatusFilter {
  return STATUS_FILTERS.some((f) => f.value === raw) ? (raw as StatusFilter) : 'pending';
}

export type SubmissionCounts = Record<StatusFilter, number>;

/** The four counts, from the campaign's own figures (the list in hand is one page). */
export function countSubmissions(
  campaign: Pick<AdminCampaign, 'pendingUnits' | 'completedUnits' | 'rejectedUnits'>,
): SubmissionCounts {
  const { pendingUnits: pending, completedUnits: approved, rejectedUnits: rejected } = campaign;
  return { pending, approved, rejected, all: pending + approved + rejected };
}

export function showingLine(count: number): string {
  return `Showing ${count} submission(s)`;
}

export function emptyDescription(filter: StatusFilter): string {
  if (filter === 'pending') return 'No pending submissions to review at this time.';
  return filter === 'all' ? 'No submissions found.' : `No ${filter} submissions found.`;
}

/** A verification flag as the reviewer reads it; `target` is the look-alike submission in this campaign. */
export interface ProofFlag {
  text: string;
  duplicate: boolean;
  target: AdminSubmission | null;
}

const SAME_USER = /^Looks like the screenshot this user already sent for another task \((.*)\)$/;
// The other user's name is their username as it is now ("Deleted user" once erased); the API
// leaves it out while it does not know them yet.
const OTHER_USER_THIS_TASK = /^Looks like the screenshot another user(?: \((.+?)\))? sent for this task$/;
const OTHER_USER_OTHER_TASK =
  /^Looks like the screenshot another user(?: \((.+?)\))? sent for another task \((.*)\)$/;

/**
 * The flags the verification job wrote (services/jobs/src/verification/flags.ts), with the other
 * user's name the API puts in, as tags. The API gives sentences, not ids, so a look-alike is
 * linked only when its username matches a submission of this campaign; any other flag is shown as
 * it is.
 */
export function readFlags(submission: AdminSubmission, all: AdminSubmission[]): ProofFlag[] {
  return submission.flags.map((flag) => {
    let match = OTHER_USER_THIS_TASK.exec(flag);
    if (match) {
      const username = match[1];
      const target =
        (username && all.find((s) => s._id !== submission._id && s.username === username)) || null;
      const who = target ? displayName(target) : (username ?? 'another user');
      return { text: `Possible duplicate of ${who}'s proof`, duplicate: true, target };
    }
    match = OTHER_USER_OTHER_TASK.exec(flag);
    if (match)
      return {
        text: `Possible duplicate of ${match[1] ?? 'another user'}'s proof for ${match[2]}`,
        duplicate: true,
        target: null,
      };
    match = SAME_USER.exec(flag);
    if (match)
      return {
        text: `Possible duplicate of this user's proof for ${match[1]}`,
        duplicate: true,
        target: null,
      };
    return { text: flag, duplicate: false, target: null };
  });
}

/** The name shown on a submission card: the full name, else the username. */
export function displayName(submission: AdminSubmission): string {
  return submission.fullName.trim() || submission.username || 'Unknown user';
}

export function initials(submission: AdminSubmission): string {
  const words = displayName(submission).split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}
