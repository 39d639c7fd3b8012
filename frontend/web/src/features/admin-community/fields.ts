/** The seven community links an admin keeps (docs/product/staff-area.md#admin-screens), in the page's order. */
import type { IconName } from '@blueprintjs/core';
import type { Community } from '../support/api';

export interface CommunityField {
  key: keyof Community;
  label: string;
  /** Where users meet it. */
  description: string;
  icon: IconName;
  kind: 'email' | 'link';
  placeholder: string;
}

export const COMMUNITY_FIELDS: CommunityField[] = [
  {
    key: 'email',
    label: 'Email support',
    description: 'Shown on the Support page; contact-form messages are sent here.',
    icon: 'envelope',
    kind: 'email',
    placeholder: 'support@example.com',
  },
  {
    key: 'whatsappChannel',
    label: 'WhatsApp channel',
    description: 'News, new tasks and tips.',
    icon: 'chat',
    kind: 'link',
    placeholder: 'https://whatsapp.com/channel/...',
  },
  {
    key: 'telegramChannel',
    label: 'Telegram channel',
    description: 'Announcements and community chat.',
    icon: 'send-message',
    kind: 'link',
    placeholder: 'https://t.me/...',
  },
  {
    key: 'youtubeChannel',
    label: 'YouTube channel',
    description: 'Guides and walkthroughs.',
    icon: 'video',
    kind: 'link',
    placeholder: 'https://youtube.com/@...',
  },
  {
    key: 'facebookPage',
    label: 'Facebook page',
    description: 'Follow-us link on the Support page.',
    icon: 'people',
    kind: 'link',
    placeholder: 'https://facebook.com/...',
  },
  {
    key: 'instagramAccount',
    label: 'Instagram account',
    description: 'Follow-us link on the Support page.',
    icon: 'camera',
    kind: 'link',
    placeholder: 'https://instagram.com/...',
  },
  {
    key: 'twitterAccount',
    label: 'Twitter account',
    description: 'Follow-us link on the Support page.',
    icon: 'chat',
    kind: 'link',
    placeholder: 'https://x.com/...',
  },
];

/** Where the shown value may point: only web links and the email, never another scheme. */
export function hrefOf(field: CommunityField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (field.kind === 'email') return trimmed.includes('@') ? `mailto:${trimmed}` : null;
  return /^https?:\/\//i.test(trimmed) ? trimmed : null;
}

export const COMMUNITY_SAVE_FAILED = 'Failed to update community information.';
