import {
  DEFAULT_CAMPAIGN_VIEW,
  CAMPAIGN_VIEWS,
  filterCampaigns,
  isCampaignListView,
  type CampaignListView,
} from './filter-campaigns';

// As the API answers: newest first.
const campaigns = [
  { id: 'fb', taskPlatform: 'facebook', taskPrice: 25, remainingUnits: 199 },
  { id: 'yt', taskPlatform: 'youtube', taskPrice: 40.5, remainingUnits: 12 },
  { id: 'ig', taskPlatform: 'Instagram', taskPrice: 35, remainingUnits: 250 },
  { id: 'tw', taskPlatform: 'twitter', taskPrice: 20, remainingUnits: 398 },
  { id: 'tg', taskPlatform: 'telegram', taskPrice: 30, remainingUnits: 120 },
  { id: 'tt', taskPlatform: 'tiktok', taskPrice: 30, remainingUnits: 180 },
  { id: 'wa', taskPlatform: 'whatsapp', taskPrice: 50, remainingUnits: 149 },
  { id: 'sp', taskPlatform: 'spotify', taskPrice: 60, remainingUnits: 99 },
  { id: 'am', taskPlatform: 'audiomack', taskPrice: 45, remainingUnits: 90 },
  { id: 'bp', taskPlatform: 'boomplay', taskPrice: 55, remainingUnits: 80 },
  { id: 'ps', taskPlatform: 'google play store', taskPrice: 500, remainingUnits: 48 },
  { id: 'as', taskPlatform: 'applestore', taskPrice: 300, remainingUnits: 40 },
  { id: 'web', taskPlatform: 'website', taskPrice: 150, remainingUnits: 59 },
  { id: 'act', taskPlatform: 'activity', taskPrice: 100, remainingUnits: 497 },
  { id: 'li', taskPlatform: 'linkedin', taskPrice: 30, remainingUnits: 12 },
];

const ids = (view: CampaignListView) => filterCampaigns(campaigns, view).map((campaign) => campaign.id);

describe('the campaigns sort/filter select', () => {
  it('offers the 14 options in order, All Tasks first and by default', () => {
    expect(CAMPAIGN_VIEWS.map((view) => view.label)).toEqual([
      'All Tasks',
      'Most Available',
      'Least Available',
      'Price: High to Low',
      'Price: Low to High',
      'Social Media',
      'Music Streaming',
      'App Stores',
      'Facebook Only',
      'YouTube Only',
      'Instagram Only',
      'Twitter Only',
      'Telegram Only',
      'Spotify Only',
    ]);
    expect(DEFAULT_CAMPAIGN_VIEW).toBe('all');
    expect(isCampaignListView('price-asc')).toBe(true);
    expect(isCampaignListView('tiktok')).toBe(false);
  });

  it('All Tasks: every campaign in the order the API gave', () => {
    expect(ids('all')).toEqual(campaigns.map((campaign) => campaign.id));
  });

  it('Most Available: most units left first, ties in API order', () => {
    expect(ids('most-available')).toEqual([
      'act',
      'tw',
      'ig',
      'fb',
      'tt',
      'wa',
      'tg',
      'sp',
      'am',
      'bp',
      'web',
      'ps',
      'as',
      'yt',
      'li',
    ]);
  });

  it('Least Available: fewest units left first, ties in API order', () => {
    expect(ids('least-available')).toEqual([
      'yt',
      'li',
      'as',
      'ps',
      'web',
      'bp',
      'am',
      'sp',
      'tg',
      'wa',
      'tt',
      'fb',
      'ig',
      'tw',
      'act',
    ]);
  });

  it('Price: High to Low, ties in API order', () => {
    expect(ids('price-desc')).toEqual([
      'ps',
      'as',
      'web',
      'act',
      'sp',
      'bp',
      'wa',
      'am',
      'yt',
      'ig',
      'tg',
      'tt',
      'li',
      'fb',
      'tw',
    ]);
  });

  it('Price: Low to High, ties in API order', () => {
    expect(ids('price-asc')).toEqual([
      'tw',
      'fb',
      'tg',
      'tt',
      'li',
      'ig',
      'yt',
      'am',
      'wa',
      'bp',
      'sp',
      'act',
      'web',
      'as',
      'ps',
    ]);
  });

  it('Social Media: Facebook, Instagram, Twitter, TikTok, WhatsApp and Telegram (not YouTube)', () => {
    expect(ids('social-media')).toEqual(['fb', 'ig', 'tw', 'tg', 'tt', 'wa']);
  });

  it('Music Streaming: Spotify, Audiomack and Boomplay', () => {
    expect(ids('music-streaming')).toEqual(['sp', 'am', 'bp']);
  });

  it('App Stores: both stores, whatever the spelling', () => {
    expect(ids('app-stores')).toEqual(['ps', 'as']);
  });

  it.each([
    ['facebook', ['fb']],
    ['youtube', ['yt']],
    ['instagram', ['ig']],
    ['twitter', ['tw']],
    ['telegram', ['tg']],
    ['spotify', ['sp']],
  ] as const)('%s Only: just that platform', (view, expected) => {
    expect(ids(view)).toEqual(expected);
  });

  it('never changes the list it was given', () => {
    const before = campaigns.map((campaign) => campaign.id);
    filterCampaigns(campaigns, 'price-desc');
    filterCampaigns(campaigns, 'most-available');
    expect(campaigns.map((campaign) => campaign.id)).toEqual(before);
    expect(filterCampaigns(campaigns, 'all')).not.toBe(campaigns);
  });

  it('answers an empty list for a platform with no campaigns', () => {
    expect(filterCampaigns(campaigns.slice(0, 1), 'spotify')).toEqual([]);
  });
});
