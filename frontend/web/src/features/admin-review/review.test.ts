import type { AdminSubmission } from './api';
import { countSubmissions, emptyDescription, parseStatusFilter, readFlags, showingLine } from './review';

function submission(
  id: string,
  status: AdminSubmission['status'],
  submittedAt: string,
  extra: Partial<AdminSubmission> = {},
): AdminSubmission {
  return {
    _id: id,
    userId: `user-${id}`,
    username: `user${id}`,
    fullName: `User ${id}`,
    userEmail: `${id}@demo.kobo.ng`,
    userAvatar: null,
    proofImage: `proofs/c/${id}.png`,
    submittedAt,
    reviewedAt: null,
    status,
    kind: 'task',
    earnings: status === 'rejected' ? 0 : 20,
    flags: [],
    reason: null,
    ...extra,
  };
}

describe('the review counts and filter', () => {
  it("counts each status and the total from the campaign's figures", () => {
    expect(countSubmissions({ pendingUnits: 2, completedUnits: 2, rejectedUnits: 1 })).toEqual({
      all: 5,
      pending: 2,
      approved: 2,
      rejected: 1,
    });
  });

  it('defaults to Pending and ignores unknown filters in the URL', () => {
    expect(parseStatusFilter(null)).toBe('pending');
    expect(parseStatusFilter('nonsense')).toBe('pending');
    expect(parseStatusFilter('rejected')).toBe('rejected');
    expect(parseStatusFilter('all')).toBe('all');
  });

  it('says how many are shown and what an empty filter means', () => {
    expect(showingLine(2)).toBe('Showing 2 submission(s)');
    expect(emptyDescription('pending')).toBe('No pending submissions to review at this time.');
    expect(emptyDescription('approved')).toBe('No approved submissions found.');
    expect(emptyDescription('rejected')).toBe('No rejected submissions found.');
  });
});

describe('the verification flags', () => {
  const original = submission('orig', 'pending', '2026-11-20T10:00:00.000Z', {
    username: 'chiomaeze',
    fullName: 'Chioma Eze',
  });
  const copy = submission('copy', 'pending', '2026-11-21T10:00:00.000Z', {
    flags: [
      'Looks like the screenshot another user (chiomaeze) sent for this task',
      'Looks like the screenshot another user (emekaobi) sent for another task (Follow @afrobeatdaily (IG))',
      'Looks like the screenshot this user already sent for another task (Install the PayQuick app)',
      'The proof is not a readable PNG, JPEG or WebP image',
    ],
  });

  it('links a look-alike in the same campaign to that submission and names the others', () => {
    const flags = readFlags(copy, [original, copy]);
    expect(flags).toEqual([
      { text: "Possible duplicate of Chioma Eze's proof", duplicate: true, target: original },
      {
        text: "Possible duplicate of emekaobi's proof for Follow @afrobeatdaily (IG)",
        duplicate: true,
        target: null,
      },
      {
        text: "Possible duplicate of this user's proof for Install the PayQuick app",
        duplicate: true,
        target: null,
      },
      { text: 'The proof is not a readable PNG, JPEG or WebP image', duplicate: false, target: null },
    ]);
  });

  it("names an erased person 'Deleted user' without linking them, and another user the API does not know yet", () => {
    const erased = submission('gone', 'pending', '2026-11-19T10:00:00.000Z', {
      username: '',
      fullName: 'Deleted user',
    });
    const flagged = submission('flagged', 'pending', '2026-11-22T10:00:00.000Z', {
      flags: [
        'Looks like the screenshot another user (Deleted user) sent for this task',
        'Looks like the screenshot another user sent for this task',
        'Looks like the screenshot another user sent for another task (Like @kobo)',
      ],
    });
    expect(readFlags(flagged, [erased, flagged])).toEqual([
      { text: "Possible duplicate of Deleted user's proof", duplicate: true, target: null },
      { text: "Possible duplicate of another user's proof", duplicate: true, target: null },
      { text: "Possible duplicate of another user's proof for Like @kobo", duplicate: true, target: null },
    ]);
  });

  it('keeps the username when the look-alike is no longer listed', () => {
    expect(readFlags(copy, [copy])[0]).toEqual({
      text: "Possible duplicate of chiomaeze's proof",
      duplicate: true,
      target: null,
    });
  });
});
