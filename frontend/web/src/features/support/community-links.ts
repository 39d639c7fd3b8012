/**
 * Which community links to show: a link an admin never saved is an empty string and is hidden,
 * and only web links (and the email) are ever put in an href.
 */
import type { IconName } from '@blueprintjs/core';
import type { Community } from './api';

export interface CommunityLink {
  key: keyof Community;
  label: string;
  description: string;
  href: string;
  icon: IconName;
  /** The platform whose mark it shows (shared/ui/PlatformIcon), when it is one. */
  platform?: string;
}

function webLink(value: string): string | null {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : null;
}

export function contactLinks(community: Community): CommunityLink[] {
  const links: (CommunityLink | null)[] = [
    community.email.trim()
      ? {
          key: 'email',
          label: 'Email support',
          description: community.email.trim(),
          href: `mailto:${community.email.trim()}`,
          icon: 'envelope',
        }
      : null,
    link(community, 'whatsappChannel', 'WhatsApp channel', 'News, new tasks and tips', 'chat', 'whatsapp'),
    link(
      community,
      'telegramChannel',
      'Telegram channel',
      'Announcements and community chat',
      'send-message',
      'telegram',
    ),
  ];
  return links.filter((item): item is CommunityLink => item !== null);
}

export function socialLinks(community: Community): CommunityLink[] {
  const links = [
    link(community, 'facebookPage', 'Facebook', 'Follow us on Facebook', 'people', 'facebook'),
    link(community, 'instagramAccount', 'Instagram', 'Follow us on Instagram', 'camera', 'instagram'),
    link(community, 'twitterAccount', 'Twitter', 'Follow us on Twitter', 'chat', 'twitter'),
    link(community, 'youtubeChannel', 'YouTube', 'Watch our guides on YouTube', 'video', 'youtube'),
  ];
  return links.filter((item): item is CommunityLink => item !== null);
}

function link(
  community: Community,
  key: keyof Community,
  label: string,
  description: string,
  icon: IconName,
  platform?: string,
): CommunityLink | null {
  const href = webLink(community[key]);
  return href ? { key, label, description, href, icon, ...(platform ? { platform } : {}) } : null;
}
