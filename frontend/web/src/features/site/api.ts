/**
 * The public site's calls: the configured figures every marketing page quotes (minimum withdrawals,
 * fee, bonuses) and the contact form. The figures are never hard-coded: docs/product/settled-contradictions.md#minimum-withdrawal says the pages
 * show what the server is configured with.
 */
import { api } from '../../shared/api/api';
import type { ApiAnswer, ApiBody } from '../../shared/api/types';

/** The configured figures, in naira. */
export type SiteFigures = ApiAnswer<'getSite'>;

export type ContactMessage = ApiBody<'postContact'>;
export type ContactAnswer = ApiAnswer<'postContact'>;

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteFigures: build.query<SiteFigures, void>({
      query: () => '/site',
      // Configuration changes rarely: keep the answer for the whole visit.
      keepUnusedDataFor: 3600,
    }),
    sendContactMessage: build.mutation<ContactAnswer, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useGetSiteFiguresQuery, useSendContactMessageMutation } = siteApi;
