import type { Community } from './api';
import { contactLinks, socialLinks } from './community-links';

const community: Community = {
  email: 'support@kobo.ng',
  whatsappChannel: 'https://whatsapp.com/channel/kobo',
  telegramChannel: 'https://t.me/kobo_ng',
  facebookPage: 'https://facebook.com/kobo.ng',
  instagramAccount: 'https://instagram.com/kobo.ng',
  twitterAccount: 'https://x.com/kobo_ng',
  youtubeChannel: 'https://youtube.com/@kobo_ng',
};
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('community links', () => {
  it('shows every saved link, the email as a mailto link', () => {
    expect(labels(contactLinks(community))).toEqual([
      'Email support',
      'WhatsApp channel',
      'Telegram channel',
    ]);
    expect(contactLinks(community)[0]?.href).toBe('mailto:support@kobo.ng');
    expect(labels(socialLinks(community))).toEqual(['Facebook', 'Instagram', 'Twitter', 'YouTube']);
  });

  it('hides the links never saved (empty strings)', () => {
    const partial = {
      ...community,
      email: '',
      telegramChannel: '',
      instagramAccount: ' ',
      youtubeChannel: '',
    };
    expect(labels(contactLinks(partial))).toEqual(['WhatsApp channel']);
    expect(labels(socialLinks(partial))).toEqual(['Facebook', 'Twitter']);
  });

  it('never puts anything but a web link in an href', () => {
    const hostile = {
      ...community,
      facebookPage: 'javascript:alert(1)',
      whatsappChannel: 'whatsapp.com/kobo',
    };
    expect(labels(socialLinks(hostile))).not.toContain('Facebook');
    expect(labels(contactLinks(hostile))).not.toContain('WhatsApp channel');
  });

  it("names each channel's platform, so it shows that platform's mark", () => {
    const platforms = (links: { platform?: string }[]) => links.map((link) => link.platform ?? null);
    expect(platforms(contactLinks(community))).toEqual([null, 'whatsapp', 'telegram']);
    expect(platforms(socialLinks(community))).toEqual(['facebook', 'instagram', 'twitter', 'youtube']);
  });
});
