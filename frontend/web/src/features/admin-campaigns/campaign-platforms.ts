/**
 * The campaign form's platforms and their task variations, and the platform filter's groups
 * (docs/product/staff-area.md#what-the-admin-screens-show). Labels, icons and colours come from the task screens' platform list
 * (features/campaigns/platforms), so each platform is named the same everywhere.
 */
import { platformOf } from '../campaigns/platforms';

/** The form's platform keys, in the spec's order. The server also stores `applestore` for appstore. */
export const CAMPAIGN_PLATFORMS = [
  'activity',
  'facebook',
  'whatsapp',
  'instagram',
  'tiktok',
  'youtube',
  'telegram',
  'twitter',
  'boomplay',
  'spotify',
  'audiomack',
  'playstore',
  'appstore',
  'website',
] as const;

export type CampaignPlatform = (typeof CAMPAIGN_PLATFORMS)[number];

const MUSIC = ['Follow Artist', 'Add to Playlist', 'Stream Song'];
const APP_STORE = ['Install App', 'Rate App', 'Review App'];

export const TASK_VARIATIONS: Record<CampaignPlatform, readonly string[]> = {
  activity: ['Complete Activity', 'Join Event', 'Participate in Challenge'],
  facebook: ['Like Page', 'Join Group', 'Follow Account', 'Share Post'],
  whatsapp: ['Join Group', 'Join Channel'],
  instagram: ['Follow Account', 'Like Post', 'Share Story'],
  tiktok: ['Follow Account', 'Like Post', 'Share Post'],
  youtube: ['Subscribe Channel', 'Like Video', 'Comment on Video'],
  telegram: ['Join Channel', 'Join Group'],
  twitter: ['Follow Account', 'Retweet Post', 'Like Tweet'],
  boomplay: MUSIC,
  spotify: MUSIC,
  audiomack: MUSIC,
  playstore: APP_STORE,
  appstore: APP_STORE,
  website: ['Visit Website', 'Sign Up', 'Complete Survey'],
};

/** The form's key for a stored platform ('applestore', 'Google Play Store' → their form keys), or ''. */
export function formPlatform(stored: string): CampaignPlatform | '' {
  const { key, known } = platformOf(stored);
  if (!known) return '';
  return key === 'applestore' ? 'appstore' : (key as CampaignPlatform);
}

export function platformLabel(platform: string): string {
  return platformOf(platform).label;
}

/** The variations to offer for a platform; none until one is chosen. */
export function variationsFor(platform: string): readonly string[] {
  const key = formPlatform(platform);
  return key ? TASK_VARIATIONS[key] : [];
}

export interface PlatformFilterGroup {
  label: string;
  /** The whole group, as the server's filter takes it (''  for the group of the rest). */
  value: string;
  platforms: CampaignPlatform[];
}

/** The platform filter's groups; the server takes a group key or one platform key. */
export const PLATFORM_FILTER_GROUPS: readonly PlatformFilterGroup[] = [
  {
    label: 'Social media',
    value: 'social-media',
    platforms: ['facebook', 'instagram', 'twitter', 'tiktok', 'whatsapp', 'telegram'],
  },
  { label: 'Music streaming', value: 'music-streaming', platforms: ['spotify', 'audiomack', 'boomplay'] },
  { label: 'App stores', value: 'app-stores', platforms: ['playstore', 'appstore'] },
  { label: 'Others', value: '', platforms: ['youtube', 'website', 'activity'] },
];

/** Whether a filter value is one the select offers (anything else in the address is ignored). */
export function isPlatformFilter(value: string): boolean {
  return (
    PLATFORM_FILTER_GROUPS.some((g) => g.value && g.value === value) ||
    (CAMPAIGN_PLATFORMS as readonly string[]).includes(value)
  );
}
