import { campaignDecider } from '../../src/domain/campaign/decider';
import type { CreateCampaign } from '../../src/domain/campaign/commands';
import type { CampaignEvent } from '../../src/domain/events';
import { Accounts, kobo, transfer } from '../../src/money';
import { specFor } from './support/spec';
import { activityDone, approved, campaignCreated, details, naira, submitted } from './support/fixtures';

const campaign = specFor(campaignDecider);

const create = (overrides: Partial<CreateCampaign['data']> = {}): CreateCampaign => ({
  type: 'CreateCampaign',
  data: {
    campaignId: 'c1',
    title: 'Follow us on Instagram',
    platform: 'Instagram',
    variation: 'Follow Account',
    instructions: 'Follow the account and take a screenshot.',
    url: 'https://instagram.com/kobo',
    price: naira(50),
    units: 10,
    by: { role: 'admin', id: '1' } as const,
    ...overrides,
  },
});

describe('creating a campaign', () => {
  it('escrows units x price from the world', () => {
    campaign
      .given([])
      .when(create())
      .then([campaignCreated('c1')]);
  });

  it('can be created as a draft', () => {
    const [event] = campaign
      .given([])
      .when(create({ status: 'draft' }))
      .then([expect.anything()]);
    expect(event).toMatchObject({ data: { status: 'draft', escrow: naira(500) } });
  });

  it.each([
    ['title', { title: ' ' }, 'Title is required.'],
    ['platform', { platform: '' }, 'Platform is required.'],
    ['url', { url: '' }, 'URL is required.'],
    ['price', { price: undefined }, 'Price per unit is required.'],
    ['units', { units: null }, 'Units is required.'],
  ] as const)('requires %s', (field, overrides, message) => {
    campaign.given([]).when(create(overrides)).thenThrows({ code: 'validation', message, field });
  });

  it('units are a positive whole number, price positive whole kobo, url a web address', () => {
    campaign
      .given([])
      .when(create({ units: 0 }))
      .thenThrows({ code: 'validation', field: 'units' });
    campaign
      .given([])
      .when(create({ units: 2.5 }))
      .thenThrows({ code: 'validation', field: 'units' });
    campaign
      .given([])
      .when(create({ price: kobo(0) }))
      .thenThrows({ code: 'validation', field: 'price' });
    campaign
      .given([])
      .when(create({ price: kobo(-100) }))
      .thenThrows({ code: 'validation', field: 'price' });
    campaign
      .given([])
      .when(create({ url: 'not a url' }))
      .thenThrows({ code: 'validation', field: 'url' });
  });

  it.each([
    ['title', 200, 'Title is at most 200 characters.'],
    ['platform', 50, 'Platform is at most 50 characters.'],
    ['variation', 100, 'Variation is at most 100 characters.'],
    ['instructions', 2000, 'Instructions are at most 2,000 characters.'],
    ['url', 2048, 'URL is at most 2,048 characters.'],
    ['image', 500, 'Image is at most 500 characters.'],
  ] as const)('bounds the %s at %i characters', (field, max, message) => {
    const text = (length: number) =>
      field === 'url'
        ? `https://kobo.ng/${'x'.repeat(length - 'https://kobo.ng/'.length)}`
        : 'x'.repeat(length);
    campaign
      .given([])
      .when(create({ [field]: text(max + 1) }))
      .thenThrows({ code: 'validation', message, field });
    campaign
      .given([campaignCreated('c1')])
      .when({
        type: 'UpdateCampaign',
        data: { campaignId: 'c1', changes: { [field]: text(max + 1) }, by: { role: 'admin', id: '1' } },
      })
      .thenThrows({ code: 'validation', message, field });
    campaign
      .given([])
      .when(create({ [field]: text(max) }))
      .then([expect.anything()]);
  });

  it('the same creation again is a no-op; another campaign with the id a conflict', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(create())
      .thenNothing();
    campaign
      .given([campaignCreated('c1')])
      .when(create({ units: 11 }))
      .thenThrows('conflict');
  });
});

describe('updating a campaign', () => {
  const update = (changes: object) => ({
    type: 'UpdateCampaign' as const,
    data: { campaignId: 'c1', changes, by: { role: 'admin', id: '1' } as const },
  });
  const escrow = Accounts.campaignEscrow('c1');

  it('more units top up the escrow', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(update({ units: 12 }))
      .then([
        {
          type: 'CampaignUpdated',
          data: {
            campaignId: 'c1',
            changes: { units: 12 },
            by: { role: 'admin', id: '1' } as const,
            escrowDelta: naira(100),
            postings: transfer(Accounts.world, escrow, naira(100)),
          },
        },
      ]);
  });

  it('a lower price refunds the escrow for the units still open; pending rewards keep their price', () => {
    // 10 units at ₦50; one approved, one pending: escrow ₦450 = ₦50 pending + 8 open x ₦50.
    const given: CampaignEvent[] = [
      campaignCreated('c1'),
      submitted('c1', 's1', 'u1'),
      approved('c1', 's1', 'u1'),
      submitted('c1', 's2', 'u2'),
    ];
    expect(campaign.given(given).state().escrow).toBe(naira(450));
    campaign
      .given(given)
      .when(update({ price: naira(30) }))
      .then([
        {
          type: 'CampaignUpdated',
          data: {
            campaignId: 'c1',
            changes: { price: naira(30) },
            by: { role: 'admin', id: '1' } as const,
            escrowDelta: kobo(-naira(160)),
            postings: transfer(escrow, Accounts.world, naira(160)),
          },
        },
      ]);
  });

  it('units never below approved + pending', () => {
    const given = [
      campaignCreated('c1', details({ units: 3 })),
      submitted('c1', 's1', 'u1'),
      submitted('c1', 's2', 'u2'),
    ];
    campaign
      .given(given)
      .when(update({ units: 1 }))
      .thenThrows({ code: 'insufficient_units', field: 'units' });
    const [event] = campaign
      .given(given)
      .when(update({ units: 2 }))
      .then([expect.anything()]);
    // Two pending at ₦50 stay reserved; the one open unit goes back.
    expect(event).toMatchObject({
      data: { escrowDelta: -naira(50), postings: transfer(escrow, Accounts.world, naira(50)) },
    });
  });

  it('a price change applies to the open units only', () => {
    const given = [campaignCreated('c1', details({ units: 3 })), submitted('c1', 's1', 'u1')];
    const [event] = campaign
      .given(given)
      .when(update({ price: naira(80) }))
      .then([expect.anything()]);
    // Required: ₦50 pending + 2 x ₦80 = ₦210; held ₦150.
    expect(event).toMatchObject({ data: { escrowDelta: naira(60) } });
  });

  it('changing nothing is a no-op; a completed campaign cannot change', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(update({ units: 10, title: 'Follow us on Instagram' }))
      .thenNothing();
    campaign
      .given([
        campaignCreated('c1'),
        {
          type: 'CampaignCompleted',
          data: {
            campaignId: 'c1',
            by: { role: 'admin', id: 'a' } as const,
            refund: naira(500),
            postings: transfer(escrow, Accounts.world, naira(500)),
          },
        },
      ])
      .when(update({ units: 20 }))
      .thenThrows({ code: 'conflict', message: 'This campaign has ended.' });
  });

  it('validates the fields it is given', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(update({ title: '' }))
      .thenThrows({ message: 'Title is required.', code: 'validation' });
    campaign
      .given([campaignCreated('c1')])
      .when(update({ units: -1 }))
      .thenThrows({ code: 'validation', field: 'units' });
  });

  it('the platform is fixed once people have taken part', () => {
    campaign
      .given([campaignCreated('c1'), submitted('c1', 's1', 'u1')])
      .when(update({ platform: 'twitter' }))
      .thenThrows('conflict');
  });
});

describe('pausing, resuming, completing, deleting', () => {
  const cmd = <T extends 'PauseCampaign' | 'ResumeCampaign' | 'CompleteCampaign' | 'DeleteCampaign'>(
    type: T,
  ) => ({ type, data: { campaignId: 'c1', by: { role: 'admin', id: '1' } as const } }) as const;
  const paused: CampaignEvent = {
    type: 'CampaignPaused',
    data: { campaignId: 'c1', by: { role: 'admin', id: '1' } as const },
  };

  it('pauses only an active campaign and resumes only a paused one', () => {
    campaign
      .given([campaignCreated('c1')])
      .when(cmd('PauseCampaign'))
      .then([paused]);
    campaign
      .given([campaignCreated('c1'), paused])
      .when(cmd('PauseCampaign'))
      .thenNothing();
    campaign
      .given([campaignCreated('c1'), paused])
      .when(cmd('ResumeCampaign'))
      .then([
        { type: 'CampaignResumed', data: { campaignId: 'c1', by: { role: 'admin', id: '1' } as const } },
      ]);
    campaign
      .given([campaignCreated('c1')])
      .when(cmd('ResumeCampaign'))
      .thenNothing();
    const completed = campaign
      .given([campaignCreated('c1')])
      .when(cmd('CompleteCampaign'))
      .then([expect.anything()]);
    campaign
      .given([campaignCreated('c1'), ...completed])
      .when(cmd('PauseCampaign'))
      .thenThrows('conflict');
    campaign
      .given([campaignCreated('c1'), ...completed])
      .when(cmd('ResumeCampaign'))
      .thenThrows('conflict');
  });

  it('resume publishes a draft', () => {
    campaign
      .given([campaignCreated('c1', details(), 'draft')])
      .when(cmd('ResumeCampaign'))
      .then([expect.objectContaining({ type: 'CampaignResumed' })]);
  });

  it('completing refunds the unspent escrow and turns down pending submissions', () => {
    // 10 x ₦50 escrowed; one approval spent ₦50; the pending one is turned down and its ₦50 returns.
    const escrow = Accounts.campaignEscrow('c1');
    const given = [
      campaignCreated('c1'),
      submitted('c1', 's1', 'u1'),
      approved('c1', 's1', 'u1'),
      submitted('c1', 's2', 'u2'),
    ];
    campaign
      .given(given)
      .when(cmd('CompleteCampaign'))
      .then([
        {
          type: 'SubmissionRejected',
          data: {
            campaignId: 'c1',
            submissionId: 's2',
            userId: 'u2',
            reason: 'This campaign has ended.',
            by: { role: 'admin', id: '1' } as const,
          },
        },
        {
          type: 'CampaignCompleted',
          data: {
            campaignId: 'c1',
            by: { role: 'admin', id: '1' } as const,
            refund: naira(450),
            postings: transfer(escrow, Accounts.world, naira(450)),
          },
        },
      ]);
  });

  it('activity completions are spent escrow too', () => {
    const escrow = Accounts.campaignEscrow('c1');
    const given = [
      campaignCreated('c1', details({ platform: 'activity' })),
      activityDone('c1', 's1', 'u1', naira(50)),
      activityDone('c1', 's2', 'u2', naira(50)),
    ];
    campaign
      .given(given)
      .when(cmd('CompleteCampaign'))
      .then([
        {
          type: 'CampaignCompleted',
          data: {
            campaignId: 'c1',
            by: { role: 'admin', id: '1' } as const,
            refund: naira(400),
            postings: transfer(escrow, Accounts.world, naira(400)),
          },
        },
      ]);
  });

  it('deleting refunds the same way, and deleting again is a no-op', () => {
    const escrow = Accounts.campaignEscrow('c1');
    const events = campaign
      .given([campaignCreated('c1'), submitted('c1', 's1', 'u1')])
      .when(cmd('DeleteCampaign'))
      .then([
        {
          type: 'SubmissionRejected',
          data: {
            campaignId: 'c1',
            submissionId: 's1',
            userId: 'u1',
            reason: 'This campaign has ended.',
            by: { role: 'admin', id: '1' } as const,
          },
        },
        {
          type: 'CampaignDeleted',
          data: {
            campaignId: 'c1',
            by: { role: 'admin', id: '1' } as const,
            refund: naira(500),
            postings: transfer(escrow, Accounts.world, naira(500)),
          },
        },
      ]);
    const gone = [campaignCreated('c1'), submitted('c1', 's1', 'u1'), ...events];
    expect(campaign.given(gone).state().escrow).toBe(0);
    campaign.given(gone).when(cmd('DeleteCampaign')).thenNothing();
    campaign.given(gone).when(cmd('PauseCampaign')).thenThrows('not_found');
  });

  it('a completed campaign can still be deleted, refunding nothing more', () => {
    const completed = campaign
      .given([campaignCreated('c1')])
      .when(cmd('CompleteCampaign'))
      .then([expect.anything()]);
    campaign
      .given([campaignCreated('c1'), ...completed])
      .when(cmd('DeleteCampaign'))
      .then([
        {
          type: 'CampaignDeleted',
          data: { campaignId: 'c1', by: { role: 'admin', id: '1' } as const, refund: kobo(0), postings: [] },
        },
      ]);
  });

  it('refuses commands on a campaign that does not exist', () => {
    campaign
      .given([])
      .when(cmd('PauseCampaign'))
      .thenThrows({ code: 'not_found', message: 'Campaign not found.' });
  });
});
