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
  type RecordedKoboEvent,
  type UserEvent,
} from '@kobo/ledger';
import {
  campaigns,
  ledgerEntries,
  notificationOf,
  notifications,
  projections,
  withdrawals,
} from '../src/projections';
import { at, recorded, register, reward, rules, setOf, the, withdrawalHistory } from './support';

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

describe('withdrawals', () => {
  it('records the payout reference when a withdrawal is paid', () => {
    expect(
      withdrawals
        .handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))
        .map(setOf),
    ).toEqual([
      expect.objectContaining({ status: 'paid', payout_reference: 'TRF1', payout_provider: 'manual' }),
    ]);
  });
});

describe('notifications', () => {
  const saying = (event: RecordedKoboEvent) => {
    const n = notificationOf(event);
    return n && { state: n.withdrawalState, title: n.title, body: n.body, link: n.link };
  };

  it('tells the person each step of their withdrawal after the request, in naira with 2 decimals', () => {
    expect(saying(the('WithdrawalRequested', withdrawalHistory(250_050, 'account')))).toBeNull();
    expect(saying(the('WithdrawalApproved', withdrawalHistory(250_050, 'account', 'approve')))).toEqual({
      state: 'approved',
      title: 'Withdrawal approved',
      body: 'Your withdrawal of ₦2,500.50 was approved. The payout desk is sending it to your bank.',
      link: '/dashboard/withdraw',
    });
    expect(saying(the('PayoutSent', withdrawalHistory(250_000, 'account', 'approve', 'sent')))).toEqual(
      expect.objectContaining({ state: 'sending', title: 'Withdrawal sending' }),
    );
    expect(saying(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))).toEqual(
      expect.objectContaining({
        state: 'paid',
        body: 'Your withdrawal of ₦2,500.00 was paid to your bank account. Bank reference: TRF1.',
      }),
    );
    expect(
      saying(the('PayoutFailed', withdrawalHistory(250_000, 'account', 'approve', 'payoutFailed'))),
    ).toEqual(
      expect.objectContaining({
        state: 'failed',
        body: 'The payout of your withdrawal of ₦2,500.00 failed: bank. The money is back on your balance.',
      }),
    );
    expect(saying(the('WithdrawalRejected', withdrawalHistory(250_000, 'account', 'reject')))).toEqual(
      expect.objectContaining({
        state: 'declined',
        body: 'Your withdrawal of ₦2,500.00 was declined: no. The money is back on your balance.',
      }),
    );
    expect(
      saying(
        the('PayoutReversed', withdrawalHistory(250_000, 'account', 'approve', 'sent', 'paid', 'reversed')),
      ),
    ).toEqual(expect.objectContaining({ state: 'reversed', title: 'Withdrawal reversed' }));
  });

  it('tells of an approved proof with its task and reward, and not of an activity', () => {
    expect(saying(reward(5000))).toEqual({
      state: null,
      title: 'Proof approved',
      body: 'Your proof for "Follow @kobo" was approved: ₦50.00 was added to your account balance.',
      link: '/dashboard/tasks',
    });
    expect(saying(reward(5000, 'activity'))).toBeNull();
  });

  it('tells of a rejected proof with its reason', () => {
    const rejected = recorded(
      {
        type: 'SubmissionRejected',
        data: {
          campaignId: 'c1',
          submissionId: 's1',
          userId: 'u1',
          reason: 'The screenshot is cropped.',
          by: { role: 'admin', id: 'a1' } as const,
        },
      },
      'campaign-c1',
    );
    expect(saying(rejected)).toEqual(
      expect.objectContaining({
        title: 'Proof not approved',
        body: 'Your proof was not approved: The screenshot is cropped.',
      }),
    );
  });

  it('keys the row by the event, with the time and position from the event', () => {
    const approved = the('WithdrawalApproved', withdrawalHistory(250_000, 'account', 'approve'));
    expect(notifications.handle(approved)).toEqual([
      expect.objectContaining({
        kind: 'upsert',
        table: 'notifications',
        key: { notification_id: approved.id },
        set: expect.objectContaining({
          user_id: 'u1',
          kind: 'withdrawal',
          withdrawal_state: 'approved',
          global_position: approved.globalPosition,
          created_at: at.toISOString(),
        }),
      }),
    ]);
  });
});

it('every projection ignores an event type it does not know', () => {
  const future = recorded({ type: 'SomethingNew', data: { userId: 'u1' } } as unknown as KoboEvent);
  for (const projection of projections) expect(projection.handle(future)).toEqual([]);
});
