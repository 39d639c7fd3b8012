/** The community links: one row, each update changing only the links it names. */
import { ops, timeOf, type Projection } from '../../projection';

/** The one row of `community_links`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface CommunityLinksRow {
  id: 1;
  email: string;
  whatsapp_channel: string;
  telegram_channel: string;
  facebook_page: string;
  instagram_account: string;
  twitter_account: string;
  youtube_channel: string;
  updated_at: Date;
  updated_by: string;
}

export const community: Projection<'community'> = {
  name: 'community',
  description: 'the community links (one row)',
  tables: [{ name: 'community_links', key: ['id'] }],
  handle(event) {
    if (event.type !== 'CommunitySettingsUpdated') return [];
    const c = event.data.changes;
    return [
      ops.upsert(
        'community_links',
        { id: 1 },
        {
          set: {
            email: c.email,
            whatsapp_channel: c.whatsappChannel,
            telegram_channel: c.telegramChannel,
            facebook_page: c.facebookPage,
            instagram_account: c.instagramAccount,
            twitter_account: c.twitterAccount,
            youtube_channel: c.youtubeChannel,
            updated_at: timeOf(event),
            updated_by: event.data.by.id,
          },
        },
      ),
    ];
  },
};
