/**
 * A campaign's total reward above the approval threshold waits for a finance user, and a task's
 * price has a cap (the same rules as the money rules give the handlers).
 */
import { campaignDecider } from '../../src/domain/campaign/decider';
import type { CreateCampaign, UpdateCampaign } from '../../src/domain/campaign/commands';
import type { CampaignEvent } from '../../src/domain/events';
import type { CampaignRules } from '../../src/domain/money-rules';
import { Accounts, transfer } from '../../src/money';
import { specFor } from './support/spec';
import { campaignCreated, details, naira, submitted } from './support/fixtures';

const campaign = specFor(campaignDecider);
const admin = { role: 'admin', id: 'a1' } as const;
const finance = { role: 'finance', id: 'f1' } as const;
/** ₦50,000 and ₦10,000, the defaults. */
const rules: CampaignRules = { approvalAbove: naira(50_000), priceCap: naira(10_000) };

const create = (overrides: Partial<CreateCampaign['data']> = {}): CreateCampaign => ({
  type: 'CreateCampaign',
  data: {
    campaignId: 'c1',
    title: 'Follow us on Instagram',
    platform: 'instagram',
    variation: 'Follow Account',
    instructions: 'Follow the account and take a screenshot.',
    url: 'https://instagram.com/kobo',
    price: naira(1000),
    units: 60,
    by: admin,
    rules,
    ...overrides,
  },
});

const update = (changes: UpdateCampaign['data']['changes']): UpdateCampaign => ({
  type: 'UpdateCampaign',
  data: { campaignId: 'c1', changes, by: admin, rules },
});

const approve = (by: { role: 'admin' | 'finance'; id: string } = finance, approvalId = 'c1:approval:1') => ({
  type: 'ApproveCampaign' as const,
  data: { campaignId: 'c1', approvalId, by },
});

const reject = (reason = 'Far too large for this task') => ({
  type: 'RejectCampaign' as const,
  data: { campaignId: 'c1', approvalId: 'c1:approval:1', reason, by: finance },
});

/** ₦1,000 × 60 = ₦60,000: above the threshold. */
const big = details({ price: naira(1000), units: 60 });
const requested = (statusAfter: 'active' | 'draft' | 'paused' = 'active'): CampaignEvent => ({
  type: 'CampaignApprovalRequested',
  data: {
    campaignId: 'c1',
    approvalId: 'c1:approval:1',
    title: big.title,
    price: naira(1000),
    units: 60,
    total: naira(60_000),
    rewardsTo: 'account',
    statusAfter,
    by: admin,
  },
});
const waiting = [campaignCreated('c1', big), requested()];
const approvedEvent: CampaignEvent = {
  type: 'CampaignApproved',
  data: {
    campaignId: 'c1',
    approvalId: 'c1:approval:1',
    total: naira(60_000),
    status: 'active',
    by: finance,
  },
};

describe('creating a campaign whose total reward is above the threshold', () => {
  it('funds the escrow and asks for approval: the campaign waits, nobody can take part', () => {
    campaign
      .given([])
      .when(create())
      .then([expect.objectContaining({ type: 'CampaignCreated' }), requested()]);
    const state = campaign.given(waiting).state();
    expect(state.status).toBe('awaiting_approval');
    expect(state.escrow).toBe(naira(60_000));
    campaign
      .given(waiting)
      .when({
        type: 'SubmitTask',
        data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', proofImage: 'p.png' },
      })
      .thenThrows({ code: 'conflict', message: 'This task is no longer available.' });
  });

  it('an activity task waits too, and cannot be completed before approval', () => {
    const [, asked] = campaign
      .given([])
      .when(create({ platform: 'activity' }))
      .then([expect.anything(), expect.anything()]);
    expect(asked).toMatchObject({ data: { rewardsTo: 'activity' } });
    const activity = [campaignCreated('c1', details({ ...big, platform: 'activity' })), requested()];
    campaign
      .given(activity)
      .when({ type: 'CompleteActivity', data: { campaignId: 'c1', submissionId: 's1', userId: 'u1' } })
      .thenThrows({ code: 'conflict', message: 'This task is no longer available.' });
  });

  it('at or below the threshold it goes live at once', () => {
    campaign
      .given([])
      .when(create({ units: 50 }))
      .then([
        expect.objectContaining({
          type: 'CampaignCreated',
          data: expect.objectContaining({ status: 'active' }),
        }),
      ]);
  });

  it('a draft above the threshold is a draft once approved', () => {
    const [, asked] = campaign
      .given([])
      .when(create({ status: 'draft' }))
      .then([expect.anything(), expect.anything()]);
    expect(asked).toMatchObject({ data: { statusAfter: 'draft' } });
  });

  it('cannot be resumed, paused, ended or have its price or units changed while it waits', () => {
    const by = admin;
    const message = "This campaign is waiting for a finance user's approval.";
    for (const type of ['ResumeCampaign', 'PauseCampaign', 'CompleteCampaign', 'DeleteCampaign'] as const)
      campaign
        .given(waiting)
        .when({ type, data: { campaignId: 'c1', by } })
        .thenThrows({ code: 'conflict', message });
    campaign
      .given(waiting)
      .when(update({ price: naira(500) }))
      .thenThrows({ code: 'conflict', field: 'units' });
    campaign
      .given(waiting)
      .when(update({ title: 'A clearer title' }))
      .then([expect.objectContaining({ type: 'CampaignUpdated' })]);
  });
});

describe('the price cap', () => {
  it('refuses a price per unit above the cap, on creation and on an edit', () => {
    const message = 'The price per unit cannot be more than ₦10,000.';
    campaign
      .given([])
      .when(create({ price: naira(10_000.01), units: 1 }))
      .thenThrows({ code: 'validation', message, field: 'price' });
    campaign
      .given([campaignCreated('c1')])
      .when(update({ price: naira(1_000_000) }))
      .thenThrows({ code: 'validation', message, field: 'price' });
    campaign
      .given([])
      .when(create({ price: naira(10_000), units: 1 }))
      .then([expect.objectContaining({ type: 'CampaignCreated' })]);
  });

  it('without rules given, the defaults apply', () => {
    const { rules: _rules, ...data } = create({ price: naira(1_000_000), units: 1 }).data;
    campaign
      .given([])
      .when({ type: 'CreateCampaign', data })
      .thenThrows({ code: 'validation', field: 'price' });
    const { rules: _r, ...raised } = create().data;
    campaign
      .given([])
      .when({ type: 'CreateCampaign', data: raised })
      .then([expect.anything(), expect.objectContaining({ type: 'CampaignApprovalRequested' })]);
  });
});

describe('an edit that raises the total above the threshold', () => {
  it('asks again, and the campaign waits with the status it had to come back to', () => {
    const live = [campaignCreated('c1')]; // ₦50 × 10
    campaign
      .given(live)
      .when(update({ units: 60, price: naira(1000) }))
      .then([expect.objectContaining({ type: 'CampaignUpdated' }), requested('active')]);
    const paused: CampaignEvent[] = [
      ...live,
      { type: 'CampaignPaused', data: { campaignId: 'c1', by: admin } },
    ];
    const [, asked] = campaign
      .given(paused)
      .when(update({ units: 60, price: naira(1000) }))
      .then([expect.anything(), expect.anything()]);
    expect(asked).toMatchObject({ data: { statusAfter: 'paused' } });
  });

  it('up to the total already approved needs nothing new; lowering never does', () => {
    const approved = [...waiting, approvedEvent];
    campaign
      .given(approved)
      .when(update({ units: 40 }))
      .then([expect.objectContaining({ type: 'CampaignUpdated' })]);
    const lowered = [
      ...approved,
      ...campaign
        .given(approved)
        .when(update({ units: 40 }))
        .then([expect.anything()]),
    ];
    campaign
      .given(lowered)
      .when(update({ units: 60 }))
      .then([expect.objectContaining({ type: 'CampaignUpdated' })]);
    const [, asked] = campaign
      .given(lowered)
      .when(update({ units: 61 }))
      .then([expect.anything(), expect.anything()]);
    expect(asked).toMatchObject({ data: { approvalId: 'c1:approval:2', total: naira(61_000) } });
  });
});

describe('finance decides', () => {
  it('approval makes the campaign live; approving again changes nothing', () => {
    campaign.given(waiting).when(approve()).then([approvedEvent]);
    expect(campaign.given([...waiting, approvedEvent]).state().status).toBe('active');
    campaign
      .given([...waiting, approvedEvent])
      .when(approve())
      .thenNothing();
  });

  it('the one who asked cannot approve, whatever role they approve in', () => {
    const message = 'You cannot approve a campaign you asked for.';
    campaign
      .given(waiting)
      .when(approve({ role: 'finance', id: 'a1' }))
      .thenThrows({ code: 'forbidden', message });
  });

  it('an unknown or earlier request is not found', () => {
    campaign.given(waiting).when(approve(finance, 'c1:approval:9')).thenThrows({ code: 'not_found' });
    campaign
      .given([campaignCreated('c1')])
      .when(approve())
      .thenThrows({ code: 'not_found' });
  });

  it('rejection ends the campaign and sends its escrow back, with a reason', () => {
    campaign
      .given(waiting)
      .when(reject())
      .then([
        {
          type: 'CampaignRejected',
          data: {
            campaignId: 'c1',
            approvalId: 'c1:approval:1',
            reason: 'Far too large for this task',
            by: finance,
            refund: naira(60_000),
            postings: transfer(Accounts.campaignEscrow('c1'), Accounts.world, naira(60_000)),
          },
        },
      ]);
    campaign.given(waiting).when(reject(' ')).thenThrows({ code: 'validation', field: 'reason' });
  });

  it('a rejected raise turns down the submissions still pending; the campaign stays ended', () => {
    const raisedLive = [
      campaignCreated('c1'),
      submitted('c1', 's1', 'u1'),
      ...campaign
        .given([campaignCreated('c1'), submitted('c1', 's1', 'u1')])
        .when(update({ units: 60, price: naira(1000) }))
        .then([expect.anything(), expect.anything()]),
    ];
    const events = campaign.given(raisedLive).when(reject()).then([expect.anything(), expect.anything()]);
    expect(events[0]).toMatchObject({
      type: 'SubmissionRejected',
      data: { submissionId: 's1', reason: 'This campaign was not approved by finance.' },
    });
    const ended = [...raisedLive, ...events];
    expect(campaign.given(ended).state().escrow).toBe(0);
    campaign.given(ended).when(reject()).thenNothing();
    campaign
      .given(ended)
      .when(approve())
      .thenThrows({ code: 'conflict', message: 'This campaign was already rejected.' });
    campaign
      .given(ended)
      .when({ type: 'ResumeCampaign', data: { campaignId: 'c1', by: admin } })
      .thenThrows({ code: 'conflict' });
    campaign
      .given(ended)
      .when(update({ title: 'again' }))
      .thenThrows({ code: 'conflict' });
  });
});
