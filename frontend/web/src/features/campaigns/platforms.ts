/**
 * Campaign platforms as the screens show them (docs/product/user-site.md#what-the-screens-show): the stored key, its other
 * spellings, its label, icon and filter group. An unknown platform is shown capitalised with a
 * default icon rather than hidden.
 */
import type { IconName } from '@blueprintjs/core';

export type PlatformGroup = 'social-media' | 'music-streaming' | 'app-stores';

export interface Platform {
  /** The canonical key ('playstore'), or the normalised text of an unknown platform. */
  key: string;
  label: string;
  icon: IconName;
  /** The platform's own colour, used only as an accent on its icon. */
  color: string;
  group: PlatformGroup | null;
  known: boolean;
}

type Known = Omit<Platform, 'key' | 'known'>;

const KNOWN = {
  facebook: { label: 'Facebook', icon: 'thumbs-up', color: '#1877f2', group: 'social-media' },
  whatsapp: { label: 'WhatsApp', icon: 'chat', color: '#25a35a', group: 'social-media' },
  youtube: { label: 'YouTube', icon: 'video', color: '#e62117', group: null },
  telegram: { label: 'Telegram', icon: 'send-message', color: '#229ed9', group: 'social-media' },
  instagram: { label: 'Instagram', icon: 'camera', color: '#d6249f', group: 'social-media' },
  twitter: { label: 'Twitter', icon: 'feed', color: '#1d9bf0', group: 'social-media' },
  tiktok: { label: 'TikTok', icon: 'mobile-video', color: '#ee1d52', group: 'social-media' },
  spotify: { label: 'Spotify', icon: 'music', color: '#1db954', group: 'music-streaming' },
  audiomack: { label: 'Audiomack', icon: 'headset', color: '#ff8800', group: 'music-streaming' },
  boomplay: { label: 'Boomplay', icon: 'volume-up', color: '#1a73e8', group: 'music-streaming' },
  playstore: { label: 'Google Play Store', icon: 'mobile-phone', color: '#01875f', group: 'app-stores' },
  applestore: { label: 'Apple App Store', icon: 'mobile-phone', color: '#0d84ff', group: 'app-stores' },
  website: { label: 'Website', icon: 'globe-network', color: '#5f6b7c', group: null },
  activity: { label: 'Activity', icon: 'lightning', color: '#d9822b', group: null },
} satisfies Record<string, Known>;

export type PlatformKey = keyof typeof KNOWN;

/** Other spellings the server stores or accepts for the same platform. */
const ALIASES: Record<string, PlatformKey> = {
  'google play store': 'playstore',
  'apple app store': 'applestore',
  appstore: 'applestore',
  x: 'twitter',
};

export const DEFAULT_PLATFORM_ICON: IconName = 'application';

function normalise(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
}

function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Other';
}

/** The canonical key of a stored platform, or null when it is not one we know. */
export function platformKey(raw: string): PlatformKey | null {
  const wanted = normalise(raw);
  if (wanted in KNOWN) return wanted as PlatformKey;
  return ALIASES[wanted] ?? null;
}

export function platformOf(raw: string): Platform {
  const key = platformKey(raw);
  if (key) return { key, known: true, ...(KNOWN[key] as Known) };
  const text = raw.trim();
  return {
    key: normalise(raw),
    label: capitalise(text),
    icon: DEFAULT_PLATFORM_ICON,
    color: 'var(--kobo-text-muted)',
    group: null,
    known: false,
  };
}

/**
 * Every platform the product supports (the social networks, Activity, Website, the app stores and
 * the music services), in one list: the platform filters offer these.
 */
export const KNOWN_PLATFORMS: readonly Platform[] = (Object.keys(KNOWN) as PlatformKey[]).map((key) =>
  platformOf(key),
);

/** Activities are credited at once and take no screenshot. */
export function isActivity(raw: string): boolean {
  return platformKey(raw) === 'activity';
}
