/** Community links: the support email and six social links the support page shows. */
import { z } from 'zod';

export const communityMessages = {
  updated: 'Community information has been updated.',
  nothingToUpdate: 'Please provide at least one community link to update.',
  email: 'Enter a valid email address for email support.',
  link: 'Enter a full link starting with https:// (or leave it empty).',
} as const;

// An empty string clears a link. Links must be http(s): the pages render them as hrefs, and a
// `javascript:` link typed into the admin screen would run in every user's browser.
const link = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isWebLink(value), communityMessages.link);

function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const communityUpdateBody = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .refine((value) => value === '' || z.email().safeParse(value).success, communityMessages.email)
      .optional(),
    whatsappChannel: link.optional(),
    telegramChannel: link.optional(),
    facebookPage: link.optional(),
    instagramAccount: link.optional(),
    twitterAccount: link.optional(),
    youtubeChannel: link.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: communityMessages.nothingToUpdate,
  });

export const communitySchema = z.object({
  email: z.string(),
  whatsappChannel: z.string(),
  telegramChannel: z.string(),
  facebookPage: z.string(),
  instagramAccount: z.string(),
  twitterAccount: z.string(),
  youtubeChannel: z.string(),
});

export const communityUpdatedSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  community: communitySchema,
});
