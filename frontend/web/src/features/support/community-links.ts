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
    link(community, 'whatsappChannel', 'WhatsApp channel', 'News, new tasks and tips', 'chat'),
    link(
      community,
      'telegramChannel',
      'Telegram channel',
      'Announcements and community chat',
      'send-message',
    ),
  ];
  return links.filter((item): item is CommunityLink => item !== null);
}

export function socialLinks(community: Community): CommunityLink[] {
  const links = [
    link(community, 'facebookPage', 'Facebook', 'Follow us on Facebook', 'people'),
    link(community, 'instagramAccount', 'Instagram', 'Follow us on Instagram', 'camera'),
    link(community, 'twitterAccount', 'Twitter', 'Follow us on Twitter', 'chat'),
    link(community, 'youtubeChannel', 'YouTube', 'Watch our guides on YouTube', 'video'),
  ];
  return links.filter((item): item is CommunityLink => item !== null);
}

function link(
  community: Community,
  key: keyof Community,
  label: string,
  description: string,
  icon: IconName,
): CommunityLink | null {
  const href = webLink(community[key]);
  return href ? { key, label, description, href, icon } : null;
}
