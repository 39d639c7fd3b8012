/** The community links read model: one row, absent until an admin first saves a link. */
import type { Pool } from '@kobo/platform';

export interface CommunityLinks {
  email: string;
  whatsappChannel: string;
  telegramChannel: string;
  facebookPage: string;
  instagramAccount: string;
  twitterAccount: string;
  youtubeChannel: string;
}

export async function readCommunityLinks(pool: Pool): Promise<CommunityLinks> {
  const { rows } = await pool.query<CommunityLinks>(
    `SELECT email, whatsapp_channel AS "whatsappChannel", telegram_channel AS "telegramChannel",
       facebook_page AS "facebookPage", instagram_account AS "instagramAccount",
       twitter_account AS "twitterAccount", youtube_channel AS "youtubeChannel"
     FROM community_links WHERE id = 1`,
  );
  return (
    rows[0] ?? {
      email: '',
      whatsappChannel: '',
      telegramChannel: '',
      facebookPage: '',
      instagramAccount: '',
      twitterAccount: '',
      youtubeChannel: '',
    }
  );
}
