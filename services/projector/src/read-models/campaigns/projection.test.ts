/** The campaigns projection as a pure function: given one recorded event, the row operations it returns. */
import {
  campaignDecider,
  decideSubmissionApproval,
  fold,
  kobo,
  userDecider,
  type CampaignCommand,
  type CampaignEvent,
  type UserEvent,
} from '@kobo/ledger';
import { recorded, register, rules } from '../../../test/support';
import { campaigns } from './projection';

describe('campaigns', () => {
  it('moves units from pending to approved and the reward out of the escrow', () => {
    // The approval decision as the ledger makes it: SubmissionApproved and RewardCredited together.
    const campaignHistory: CampaignEvent[] = [];
    for (const command of [
      {
        type: 'CreateCampaign',
        data: {
          campaignId: 'c1',
          title: 'Follow @kobo',
          platform: 'instagram',
          url: 'https://instagram.com/kobo',
          price: kobo(5000),
          units: 10,
          by: { role: 'admin', id: 'a1' } as const,
        },
      },
      {
        type: 'SubmitTask',
        data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', proofImage: 'p/s1.png' },
      },
    ] satisfies CampaignCommand[])
      campaignHistory.push(...campaignDecider.decide(command, fold(campaignDecider, campaignHistory)));
    const user: UserEvent[] = userDecider.decide(register(0), userDecider.initialState());
    const decision = decideSubmissionApproval(
      {
        type: 'ApproveSubmission',
        data: { campaignId: 'c1', submissionId: 's1', by: { role: 'admin', id: 'a1' } as const },
      },
      { campaign: fold(campaignDecider, campaignHistory), user: fold(userDecider, user), referrer: null },
      rules,
    );
    const [approved, reward] = decision.flatMap(({ streamId, events }) =>
      events.map((event) => recorded(event, streamId)),
    );
    expect([approved?.type, reward?.type]).toEqual(['SubmissionApproved', 'RewardCredited']);
    expect(campaigns.handle(approved!)).toEqual([
      expect.objectContaining({
        kind: 'update',
        key: { campaign_id: 'c1' },
        add: { pending: -1, approved: 1 },
      }),
    ]);
    expect(campaigns.handle(reward!)).toEqual([
      expect.objectContaining({
        kind: 'upsert',
        table: 'campaign_payouts',
        key: { campaign_id: 'c1' },
        add: { total_paid: 5000 },
      }),
      expect.objectContaining({
        kind: 'upsert',
        table: 'campaign_payouts',
        key: { campaign_id: 'c1' },
        add: { escrow_paid: -5000 },
      }),
    ]);
  });
});
