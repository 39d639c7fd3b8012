/**
 * Campaigns for users: the campaigns open to them and taking part in one, by a proof or an activity
 * (docs/product/user-site.md#the-user-area, #messages; docs/product/api-contract.md#user-calls). The
 * client calls a campaign a task: its paths (`/tasks`), fields (`taskId`) and words stay here, at the
 * edge, and `taskId` becomes the campaign's id before anything deeper sees it. The image routes
 * (links, serving, the admin's campaign image) come with them.
 */
import type { FeatureRoutes } from '../../context';
import { commandIdOf, defineRoute } from '../../http';
import { checkedImageOf, imageFiles, imageUpload, proofImageRule } from '../../uploads/image-upload';
import { uploadRoutes } from '../../uploads/routes';
import { uploadsOf } from '../../uploads/uploads-of';
import { platformsMatching } from './platforms';
import { createCampaignList } from './campaign-list';
import { campaignListQuery, campaignSchema, takePartAnswer, takePartBody } from './schemas';
import { takePartInCampaign } from './take-part';

export const campaignsRoutes: FeatureRoutes = (context) => {
  const uploads = uploadsOf(context);
  const campaignList = createCampaignList(context.pool, uploads.links);
  return [
    defineRoute({
      method: 'get',
      path: '/tasks',
      summary: 'Active tasks with units left, and whether the caller already took part',
      tags: ['campaigns'],
      access: ['user'],
      query: campaignListQuery,
      responses: {
        200: { description: 'The tasks, newest first unless sorted', schema: campaignSchema.array() },
      },
      handler: async ({ query, principal, res }) => {
        const json = await campaignList.render(principal.userId, {
          sort: query.sort ?? 'newest',
          platforms: platformsMatching(query.platform),
        });
        res.type('application/json').send(json);
        return undefined;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tasks/submit',
      summary: 'Submit proof of a task (multipart: taskId, proofImage), or complete an activity',
      description:
        'multipart/form-data with taskId and the screenshot in proofImage (PNG, JPEG or WebP, at most 10 MB). For an activity task no file is needed: it is completed and credited to the activity balance at once.',
      tags: ['campaigns'],
      access: ['user'],
      middleware: imageUpload(proofImageRule),
      body: takePartBody,
      files: imageFiles(
        proofImageRule,
        'The screenshot: PNG, JPEG or WebP, at most 10 MB (not needed for an activity)',
        false,
      ),
      idempotency: 'optional',
      responses: {
        200: { description: 'Activity completed and credited', schema: takePartAnswer },
        201: { description: 'Submitted; pending review', schema: takePartAnswer },
        400: { description: 'No screenshot, or not a PNG, JPEG or WebP image', problem: true },
        404: { description: 'No such task', problem: true },
        409: { description: 'Already submitted, no units left, or the task is closed', problem: true },
        413: { description: 'The screenshot is larger than 10 MB', problem: true },
      },
      handler: async ({ body, principal, req, res }) => {
        const result = await takePartInCampaign(context, uploads, {
          userId: principal.userId,
          campaignId: body.taskId,
          image: checkedImageOf(req),
          commandId: commandIdOf(res),
        });
        res.status(result.outcome === 'submitted' ? 201 : 200).json({
          status: 'success',
          message: result.message,
          submission: result.submission,
        });
        return undefined;
      },
    }),
    ...uploadRoutes(context),
  ];
};
