/**
 * The public site's calls: the contact form, and the type of the configured figures every marketing
 * page quotes (minimum withdrawals, fee, bonuses), read by ./figures.tsx without the store so the
 * landing page stays light. The figures are never hard-coded: the pages show what the server is
 * configured with (docs/product/settled-contradictions.md#minimum-withdrawal).
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

/** The configured figures, in naira. */
export type SiteFigures = ApiAnswer<'getSite'>;

export type ContactMessage = ApiBody<'postContact'>;
export type ContactAnswer = ApiAnswer<'postContact'>;

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactAnswer, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = siteApi;
