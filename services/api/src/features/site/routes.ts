/**
 * GET /site (public): the money figures the public pages state (signup bonus, minimums, fee), from
 * configuration, so the pages never hard-code a number the server does not apply.
 */
import { z } from 'zod';
import { koboToNaira } from '@kobo/ledger';
import type { Config } from '@kobo/platform';
import type { FeatureRoutes } from '../../context';
import { defineRoute } from '../../http';

export const siteFiguresSchema = z.object({
  minWithdrawalAccount: z.number(),
  minWithdrawalActivity: z.number(),
  withdrawalFee: z.number(),
  signupBonus: z.number(),
  referralBonus: z.number(),
});

/** Configuration changes only with a restart; a few minutes in a cache is harmless. */
export const SITE_CACHE_CONTROL = 'public, max-age=300';

export function siteFigures(money: Config['money']): z.output<typeof siteFiguresSchema> {
  return {
    minWithdrawalAccount: koboToNaira(money.minWithdrawalAccount),
    minWithdrawalActivity: koboToNaira(money.minWithdrawalActivity),
    withdrawalFee: koboToNaira(money.withdrawalFee),
    signupBonus: koboToNaira(money.signupBonus),
    referralBonus: koboToNaira(money.referralBonus),
  };
}

export const siteRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/site',
    summary: 'The figures the public pages show: withdrawal minimums and fee, signup and referral bonus',
    description: `Naira, from configuration. Answered with \`Cache-Control: ${SITE_CACHE_CONTROL}\`.`,
    tags: ['site'],
    access: 'public',
    responses: { 200: { description: 'The figures, in naira', schema: siteFiguresSchema } },
    handler: ({ res }) => {
      res.set('Cache-Control', SITE_CACHE_CONTROL);
      return siteFigures(ctx.config.money);
    },
  }),
];
