/** The community links as the API answers them: the community read model's row, in camelCase. */
import type { CommunityLinksColumns } from '@kobo/projector';

export interface CommunityLinks {
  email: string;
  whatsappChannel: string;
  telegramChannel: string;
  facebookPage: string;
  instagramAccount: string;
  twitterAccount: string;
  youtubeChannel: string;
}

export function communityLinksView(row: CommunityLinksColumns): CommunityLinks {
  return {
    email: row.email,
    whatsappChannel: row.whatsapp_channel,
    telegramChannel: row.telegram_channel,
    facebookPage: row.facebook_page,
    instagramAccount: row.instagram_account,
    twitterAccount: row.twitter_account,
    youtubeChannel: row.youtube_channel,
  };
}
