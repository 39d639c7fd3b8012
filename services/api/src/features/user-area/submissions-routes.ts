/** GET /users/submissions: the user's task submissions and their review, for the submissions screen. */
import { z } from 'zod';
import { listSubmissionsOfUser } from '@kobo/projector';
import type { ApiContext } from '../../context';
import { defineRoute } from '../../http';
import { submissionListEntrySchema } from '../campaigns/schemas';
import { submissionListEntryView } from '../campaigns/submissions';

export const submissionsRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/users/submissions',
    summary: "The signed-in user's task submissions, newest first, with their review status",
    description:
      'Completed activities appear as approved (they need no review). `rejectionReason` is set only ' +
      'for a rejected submission.',
    tags: ['user area', 'campaigns'],
    access: ['user'],
    responses: { 200: { description: 'The submissions', schema: z.array(submissionListEntrySchema) } },
    handler: async ({ principal }) =>
      (await listSubmissionsOfUser(ctx.pool, principal.userId)).map(submissionListEntryView),
  }),
];
