/** The read of the community_links read model: its one row, absent until an admin first saves a link. */
import type { Pool } from '@kobo/platform';
import type { CommunityLinksRow } from './projection';

/** The links, each empty until set. */
export type CommunityLinksColumns = Pick<
  CommunityLinksRow,
  | 'email'
  | 'whatsapp_channel'
  | 'telegram_channel'
  | 'facebook_page'
  | 'instagram_account'
  | 'twitter_account'
  | 'youtube_channel'
>;

export async function readCommunityLinks(pool: Pool): Promise<CommunityLinksColumns> {
  const { rows } = await pool.query<CommunityLinksColumns>(
    `SELECT email, whatsapp_channel, telegram_channel, facebook_page, instagram_account,
            twitter_account, youtube_channel
     FROM community_links WHERE id = 1`,
  );
  return (
    rows[0] ?? {
      email: '',
      whatsapp_channel: '',
      telegram_channel: '',
      facebook_page: '',
      instagram_account: '',
      twitter_account: '',
      youtube_channel: '',
    }
  );
}
