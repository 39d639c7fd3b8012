/**
 * The projections as pure functions: given one recorded event, the row operations they return.
 * The events are the user decider's real output (postings included), not hand-written fixtures.
 */
import {
  campaignDecider,
  decideSubmissionApproval,
  fold,
  kobo,
  userDecider,
  type CampaignCommand,
  type CampaignEvent,
  type KoboEvent,
  type UserEvent,
} from '@kobo/ledger';
import { campaigns, ledgerEntries, projections } from '../src/projections';
import { at, recorded, register, reward, rules } from './support';

describe('ledger_entries', () => {
  it('writes one journal row per posting, numbered within the event', () => {
    const event = reward(5000);
    expect(ledgerEntries.handle(event)).toEqual([
      {
        kind: 'insert',
        table: 'ledger_entries',
        row: {
          global_position: event.globalPosition,
          posting_index: 0,
          event_id: event.id,
          event_type: 'RewardCredited',
          account: 'campaign:c1:escrow',
          amount: -5000,
          recorded_at: at.toISOString(),
        },
      },
      expect.objectContaining({
        row: expect.objectContaining({ posting_index: 1, account: 'user:u1:account', amount: 5000 }),
      }),
    ]);
  });

  it('writes nothing for an event without postings', () => {
    expect(
      ledgerEntries.handle(recorded({ type: 'UserRoleSet', data: { userId: 'u1', role: 'admin' } })),
    ).toEqual([]);
  });
});

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

it('every projection ignores an event type it does not know', () => {
  const future = recorded({ type: 'SomethingNew', data: { userId: 'u1' } } as unknown as KoboEvent);
  for (const projection of projections) expect(projection.handle(future)).toEqual([]);
});
