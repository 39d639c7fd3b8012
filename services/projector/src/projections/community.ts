/** The community links: one row, each update changing only the links it names. */
import { ops, timeOf, type Projection } from '../projection';

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
            updated_by: event.data.by,
          },
        },
      ),
    ];
  },
};
