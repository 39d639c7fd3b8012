/** GET /community (any signed-in role) and PUT /community (admin): the support and social links. */
import type { FeatureRoutes } from '../../context';
import { defineRoute, principalActor } from '../../http';
import { readCommunityLinks } from '@kobo/projector';
import { communityLinksView } from './views';
import { communityMessages, communitySchema, communityUpdateBody, communityUpdatedSchema } from './schemas';

const tags = ['community'];

export const communityRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/community',
    summary: 'The support email and community links',
    tags,
    access: ['user', 'admin', 'finance'],
    responses: { 200: { description: 'The community links', schema: communitySchema } },
    handler: async () => communityLinksView(await readCommunityLinks(ctx.pool)),
  }),

  defineRoute({
    method: 'put',
    path: '/community',
    summary: 'Change one or more community links (an empty string clears one)',
    tags,
    access: ['admin'],
    body: communityUpdateBody,
    responses: {
      200: { description: 'Updated; the links as they now are', schema: communityUpdatedSchema },
      400: { description: 'No field given, or a link or email that is not valid', problem: true },
      403: { description: 'Only admins change the links', problem: true },
    },
    handler: async ({ body, principal, req }) => {
      const changes = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as Record<string, string>;
      const result = await ctx.commands.updateCommunityLinks(
        { changes, by: principalActor(principal) },
        { correlationId: String(req.id) },
      );
      await ctx.writes.caughtUpTo(result.lastPosition, ['community']);
      return {
        status: 'success' as const,
        message: communityMessages.updated,
        community: communityLinksView(await readCommunityLinks(ctx.pool)),
      };
    },
  }),
];
