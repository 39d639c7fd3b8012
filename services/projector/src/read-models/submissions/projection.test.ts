/**
 * The submissions projection as a pure function: given one recorded event, the row operations it
 * returns. The events are the campaign decider's real output.
 */
import {
  ACTIVITY_PLATFORM,
  campaignDecider,
  decodeEvent,
  fold,
  kobo,
  type CampaignCommand,
  type CampaignEvent,
  type RecordedEvent,
  type RecordedKoboEvent,
} from '@kobo/ledger';
import { at, recorded } from '../../../test/support';
import { submissionRowFrom, submissions } from './projection';

const admin = { role: 'admin', id: 'a1' } as const;

/** Runs the commands through the campaign decider in order; all their events, recorded. */
function campaignHistory(platform: string, ...commands: CampaignCommand[]): RecordedKoboEvent[] {
  const history: CampaignEvent[] = [];
  const create: CampaignCommand = {
    type: 'CreateCampaign',
    data: {
      campaignId: 'c1',
      title: 'Follow @kobo',
      platform,
      url: 'https://instagram.com/kobo',
      price: kobo(5000),
      units: 10,
      by: admin,
    },
  };
  for (const command of [create, ...commands])
    history.push(...campaignDecider.decide(command, fold(campaignDecider, history)));
  return history.map((event) => recorded(event, 'campaign-c1'));
}

const submit: CampaignCommand = {
  type: 'SubmitTask',
  data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', proofImage: 'proofs/c1/u1.png' },
};

const one = (events: RecordedKoboEvent[], type: string) => events.find((event) => event.type === type)!;

describe('submissions', () => {
  it('inserts a submitted task as pending, the row submissionRowFrom makes', () => {
    const submitted = one(campaignHistory('instagram', submit), 'TaskSubmitted');
    const row = {
      submission_id: 's1',
      campaign_id: 'c1',
      user_id: 'u1',
      kind: 'task',
      proof_image: 'proofs/c1/u1.png',
      status: 'pending',
      flags: [],
      perceptual_hash: null,
      reward: 5000,
      reason: null,
      reviewed_by: null,
      submitted_at: at,
      verified_at: null,
      reviewed_at: null,
      updated_at: at,
    };
    expect(submissionRowFrom(submitted as Parameters<typeof submissionRowFrom>[0], at)).toEqual(row);
    expect(submissions.handle(submitted)).toEqual([{ kind: 'insert', table: 'submissions', row }]);
  });

  it('inserts a completed activity as approved at once, reviewed when done, without a proof', () => {
    const completed = one(
      campaignHistory(ACTIVITY_PLATFORM, {
        type: 'CompleteActivity',
        data: { campaignId: 'c1', submissionId: 's1', userId: 'u1' },
      }),
      'ActivityCompleted',
    );
    expect(submissions.handle(completed)).toEqual([
      {
        kind: 'insert',
        table: 'submissions',
        row: expect.objectContaining({
          kind: 'activity',
          status: 'approved',
          proof_image: null,
          reward: 5000,
          submitted_at: at,
          reviewed_at: at,
        }),
      },
    ]);
  });

  it('sets the verification findings, then the rejection with its reason and reviewer', () => {
    const history = campaignHistory(
      'instagram',
      submit,
      {
        type: 'RecordVerification',
        data: { campaignId: 'c1', submissionId: 's1', perceptualHash: 'ff00', flags: ['duplicate'] },
      },
      {
        type: 'RejectSubmission',
        data: { campaignId: 'c1', submissionId: 's1', reason: 'blurry', by: admin },
      },
    );
    const key = { submission_id: 's1' };
    expect(submissions.handle(one(history, 'SubmissionVerified'))).toEqual([
      expect.objectContaining({
        kind: 'update',
        key,
        set: expect.objectContaining({ flags: ['duplicate'], perceptual_hash: 'ff00' }),
      }),
    ]);
    expect(submissions.handle(one(history, 'SubmissionRejected'))).toEqual([
      expect.objectContaining({
        kind: 'update',
        key,
        set: expect.objectContaining({ status: 'rejected', reason: 'blurry', reviewed_by: 'a1' }),
      }),
    ]);
  });

  it("keeps another user's look-alike by ids beside its sentence, which names no one", () => {
    const flags = [
      'Looks like the screenshot another user sent for this task',
      'Looks like the screenshot this user already sent for another task (Like @kobo)',
    ];
    const history = campaignHistory('instagram', submit, {
      type: 'RecordVerification',
      data: {
        campaignId: 'c1',
        submissionId: 's1',
        perceptualHash: 'ff00',
        flags,
        lookAlikes: [{ flag: 0, submissionId: 's2', userId: 'u2' }],
      },
    });
    expect(submissions.handle(one(history, 'SubmissionVerified'))).toEqual([
      expect.objectContaining({
        set: expect.objectContaining({
          flags: [{ text: flags[0], submissionId: 's2', userId: 'u2' }, flags[1]],
        }),
      }),
    ]);
  });

  it('keeps the flags of a verification written before look-alikes were named by ids as written', () => {
    const flag = 'Looks like the screenshot another user (tunde) sent for this task';
    const submitted = one(campaignHistory('instagram', submit), 'TaskSubmitted');
    const stored: RecordedEvent = {
      ...submitted,
      type: 'SubmissionVerified',
      // Version 1 (no schemaVersion): no lookAlikes, the name in the text.
      data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', perceptualHash: 'ff00', flags: [flag] },
      metadata: {},
    };
    expect(submissions.handle(decodeEvent(stored))).toEqual([
      expect.objectContaining({ set: expect.objectContaining({ flags: [flag] }) }),
    ]);
  });
});
