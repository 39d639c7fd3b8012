import { campaignDecider } from '../../src/domain/campaign/decider';
import type { CampaignEvent } from '../../src/domain/events';
import { kobo } from '../../src/money';
import { specFor } from './support/spec';
import { activityDone, approved, campaignCreated, details, naira, submitted } from './support/fixtures';

const campaign = specFor(campaignDecider);

const submit = (userId: string, submissionId = `s-${userId}`, proofImage = `proofs/${submissionId}.png`) => ({
  type: 'SubmitTask' as const,
  data: { campaignId: 'c1', submissionId, userId, proofImage },
});
const complete = (userId: string, submissionId = `s-${userId}`) => ({
  type: 'CompleteActivity' as const,
  data: { campaignId: 'c1', submissionId, userId },
});
const approve = (submissionId: string) => ({
  type: 'ApproveSubmission' as const,
  data: { campaignId: 'c1', submissionId, by: { role: 'admin', id: '1' } as const },
});
const reject = (submissionId: string, reason = 'Screenshot does not show the follow') => ({
  type: 'RejectSubmission' as const,
  data: { campaignId: 'c1', submissionId, reason, by: { role: 'admin', id: '1' } as const },
});

describe('submitting proof', () => {
  it('records the submission at the current price, reserving a unit', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(submit('u1'))
      .then([submitted('c1', 's-u1', 'u1', naira(50))]);
    const state = campaign.given([campaignCreated('c1'), submitted('c1', 's-u1', 'u1')]).state();
    expect({ pending: state.pending, pendingRewards: state.pendingRewards }).toEqual({
      pending: 1,
      pendingRewards: naira(50),
    });
  });

  it('the campaign must be active', () => {
    const paused: CampaignEvent = {
      type: 'CampaignPaused',
      data: { campaignId: 'c1', by: { role: 'admin', id: '1' } as const },
    };
    campaign
      .given([campaignCreated('c1'), paused])
      .when(submit('u1'))
      .thenThrows({ code: 'conflict', message: 'This task is no longer available.' });
    campaign
      .given([campaignCreated('c1', details(), 'draft')])
      .when(submit('u1'))
      .thenThrows({ code: 'conflict', message: 'This task is no longer available.' });
    campaign
      .given([])
      .when(submit('u1'))
      .thenThrows({ code: 'not_found', message: 'This task is no longer available.' });
  });

  it('one submission per user per task; the same submission again is a retry', () => {
    const given = [campaignCreated('c1'), submitted('c1', 's-u1', 'u1')];
    campaign.given(given).when(submit('u1')).thenNothing();
    campaign
      .given(given)
      .when(submit('u1', 's-u1', 'proofs/another.png'))
      .thenThrows({ code: 'conflict', message: 'You have already submitted this task.' });
    campaign
      .given(given)
      .when(submit('u1', 's-other'))
      .thenThrows({ code: 'conflict', message: 'You have already submitted this task.' });
  });

  it('a rejected user cannot submit again', () => {
    const given: CampaignEvent[] = [
      campaignCreated('c1'),
      submitted('c1', 's-u1', 'u1'),
      {
        type: 'SubmissionRejected',
        data: {
          campaignId: 'c1',
          submissionId: 's-u1',
          userId: 'u1',
          reason: 'x',
          by: { role: 'admin', id: 'a' } as const,
        },
      },
    ];
    campaign
      .given(given)
      .when(submit('u1', 's-u1', 'proofs/new.png'))
      .thenThrows({ code: 'conflict', message: 'You have already submitted this task.' });
  });

  it('units are never over-spent: approved + pending < units', () => {
    const two = details({ units: 2 });
    campaign
      .given([campaignCreated('c1', two), submitted('c1', 's1', 'u1')])
      .when(submit('u2'))
      .then([expect.anything()]);
    campaign
      .given([
        campaignCreated('c1', two),
        submitted('c1', 's1', 'u1'),
        approved('c1', 's1', 'u1'),
        submitted('c1', 's2', 'u2'),
      ])
      .when(submit('u3'))
      .thenThrows({ code: 'insufficient_units', message: 'No units left for this task.' });
  });

  it('a rejection frees the unit', () => {
    const given: CampaignEvent[] = [
      campaignCreated('c1', details({ units: 1 })),
      submitted('c1', 's1', 'u1'),
      {
        type: 'SubmissionRejected',
        data: {
          campaignId: 'c1',
          submissionId: 's1',
          userId: 'u1',
          reason: 'x',
          by: { role: 'admin', id: 'a' } as const,
        },
      },
    ];
    campaign.given(given).when(submit('u2')).then([expect.anything()]);
  });

  it('needs a screenshot, and activity tasks are completed, not submitted', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(submit('u1', 's1', ' '))
      .thenThrows({ code: 'validation', field: 'proofImage' });
    campaign
      .given([campaignCreated('c1', details({ platform: 'activity' }))])
      .when(submit('u1'))
      .thenThrows('validation');
  });
});

describe('verification', () => {
  const verify = (flags: string[]) => ({
    type: 'RecordVerification' as const,
    data: { campaignId: 'c1', submissionId: 's1', perceptualHash: 'abcd', flags },
  });

  it('records the flags, once', () => {
    const given = [campaignCreated('c1'), submitted('c1', 's1', 'u1')];
    const events = campaign
      .given(given)
      .when(verify(['duplicate_image']))
      .then([
        {
          type: 'SubmissionVerified',
          data: {
            campaignId: 'c1',
            submissionId: 's1',
            userId: 'u1',
            perceptualHash: 'abcd',
            flags: ['duplicate_image'],
            lookAlikes: [],
          },
        },
      ]);
    campaign
      .given([...given, ...events])
      .when(verify(['duplicate_image']))
      .thenNothing();
    expect(
      campaign
        .given([...given, ...events])
        .state()
        .submissions.get('s1')?.flags,
    ).toEqual(['duplicate_image']);
  });

  it("names another user's look-alike proof by ids, and records it again when whose it is changes", () => {
    const flag = 'Looks like the screenshot another user sent for this task';
    const lookAlike = (userId: string) => ({
      ...verify([flag]),
      data: { ...verify([flag]).data, lookAlikes: [{ flag: 0, submissionId: `s-${userId}`, userId }] },
    });
    const given = [campaignCreated('c1'), submitted('c1', 's1', 'u1')];
    const events = campaign
      .given(given)
      .when(lookAlike('u2'))
      .then([
        {
          type: 'SubmissionVerified',
          data: {
            campaignId: 'c1',
            submissionId: 's1',
            userId: 'u1',
            perceptualHash: 'abcd',
            flags: [flag],
            lookAlikes: [{ flag: 0, submissionId: 's-u2', userId: 'u2' }],
          },
        },
      ]);
    campaign
      .given([...given, ...events])
      .when(lookAlike('u2'))
      .thenNothing();
    campaign
      .given([...given, ...events])
      .when(lookAlike('u3'))
      .then([expect.objectContaining({ type: 'SubmissionVerified' })]);
  });

  it('an unknown submission is not found', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(verify([]))
      .thenThrows({ code: 'not_found', message: 'Submission not found.' });
  });
});

describe('approving and rejecting submissions (campaign side)', () => {
  const pending = [campaignCreated('c1'), submitted('c1', 's1', 'u1')];

  it('approves a pending submission with the reward it was submitted at', () => {
    campaign
      .given(pending)
      .when(approve('s1'))
      .then([approved('c1', 's1', 'u1', naira(50))]);
  });

  it('approving an approved submission is a no-op; approving a rejected one a conflict', () => {
    campaign
      .given([...pending, approved('c1', 's1', 'u1')])
      .when(approve('s1'))
      .thenNothing();
    const rejected = campaign
      .given(pending)
      .when(reject('s1'))
      .then([
        {
          type: 'SubmissionRejected',
          data: {
            campaignId: 'c1',
            submissionId: 's1',
            userId: 'u1',
            reason: 'Screenshot does not show the follow',
            by: { role: 'admin', id: '1' } as const,
          },
        },
      ]);
    campaign
      .given([...pending, ...rejected])
      .when(approve('s1'))
      .thenThrows({ code: 'conflict' });
    campaign
      .given([...pending, ...rejected])
      .when(reject('s1'))
      .thenNothing();
  });

  it('rejects pending only, with a reason', () => {
    campaign
      .given([...pending, approved('c1', 's1', 'u1')])
      .when(reject('s1'))
      .thenThrows('conflict');
    campaign.given(pending).when(reject('s1', '  ')).thenThrows({ code: 'validation', field: 'reason' });
  });

  it('approval draws the escrow down by the reward', () => {
    expect(campaign.given([...pending, approved('c1', 's1', 'u1')]).state().escrow).toBe(naira(450));
  });
});

describe('activity completion (campaign side)', () => {
  const activity = campaignCreated('c1', details({ platform: 'activity', price: naira(20), units: 2 }));

  it('uses a unit at once, one per user', () => {
    campaign
      .given([activity])
      .when(complete('u1'))
      .then([activityDone('c1', 's-u1', 'u1', naira(20))]);
    campaign
      .given([activity, activityDone('c1', 's-u1', 'u1', naira(20))])
      .when(complete('u1'))
      .thenNothing();
    campaign
      .given([activity, activityDone('c1', 's-u1', 'u1', naira(20))])
      .when(complete('u1', 's-again'))
      .thenThrows({ code: 'conflict', message: 'You have already completed this activity.' });
  });

  it('stops when the units are used up', () => {
    campaign
      .given([activity, activityDone('c1', 's1', 'u1', naira(20)), activityDone('c1', 's2', 'u2', naira(20))])
      .when(complete('u3'))
      .thenThrows({ code: 'insufficient_units', message: 'No units left for this task.' });
  });

  it('only for activity tasks, and only while active', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(complete('u1'))
      .thenThrows('validation');
    campaign
      .given([
        activity,
        { type: 'CampaignPaused', data: { campaignId: 'c1', by: { role: 'admin', id: 'a' } as const } },
      ])
      .when(complete('u1'))
      .thenThrows({ code: 'conflict', message: 'This task is no longer available.' });
  });

  it('activity completions need no approval', () => {
    campaign
      .given([activity, activityDone('c1', 's1', 'u1', kobo(2000))])
      .when(approve('s1'))
      .thenThrows('conflict');
  });
});
