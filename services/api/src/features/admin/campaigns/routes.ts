/**
 * /admin/tasks: campaigns (create, edit, delete, pause/resume) and the review of submissions. The
 * client calls a campaign a task (paths, `taskId`, `taskStatus`, `task` in answers, the review's
 * messages): those words stay in these routes and their schemas, and the handlers name the campaign.
 */
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { KOBO_UUID_NAMESPACE, submissionIdFor } from '@kobo/ledger';
import type { FeatureRoutes } from '../../../context';
import {
  commandIdOf,
  commandIdOfStep,
  defineRoute,
  HttpProblem,
  pagedResponseHeaders,
  sendTotal,
  principalActor,
} from '../../../http';
import { messageSchema } from '../wire';
import { detailsFrom, requireCampaign, setCampaignStatus, toggledStatus } from './commands';
import { adminCampaign, adminCampaigns, adminSubmissions, pendingProofs } from './views';
import {
  adminCampaignSchema,
  adminSubmissionSchema,
  campaignListQuery,
  campaignQuery,
  submissionListQuery,
  campaignAnswer,
  campaignIdParams,
  createCampaignBody,
  idParams,
  pendingProofQuery,
  pendingProofSchema,
  reviewAnswer,
  reviewBody,
  statusAnswer,
  updateCampaignBody,
} from './schemas';

/** What the campaign and review screens read after a change. */
const CAMPAIGN_VIEWS = [
  'campaigns',
  'submissions',
  'balances',
  'transactions',
  'user_stats',
  'adjustments',
] as const;
/** Said when a campaign's total reward waits for finance. */
const WAITS_FOR_FINANCE =
  'Its total reward is above the approval amount, so it goes live once a finance user approves it.';
export const DEFAULT_SUBMISSION_REJECTION = 'Your submission did not meet the task requirements.';
/** The client's words for a review's outcome. */
export const reviewMessages = {
  approved: 'Task Approved Successfully',
  rejected: 'Task Rejected Successfully',
} as const;

export const campaignRoutes: FeatureRoutes = (ctx) => {
  async function readBack(campaignId: string, position: number) {
    if (position > 0) await ctx.writes.caughtUpTo(position, CAMPAIGN_VIEWS);
    return adminCampaign(ctx.pool, campaignId);
  }

  /** campaignId (or taskId) and userId (or submissionId) name the submission. */
  function submissionOf(body: z.output<typeof reviewBody>) {
    const campaignId = body.campaignId || body.taskId;
    const errors: Record<string, string> = {};
    if (!campaignId) errors.campaignId = 'Campaign id is required';
    if (!body.userId && !body.submissionId) errors.userId = 'User id is required';
    const first = Object.values(errors)[0];
    if (first) throw new HttpProblem('validation', first, errors);
    return {
      campaignId: campaignId!,
      submissionId: body.submissionId || submissionIdFor(campaignId!, body.userId!),
    };
  }

  async function review(run: () => Promise<{ lastPosition: number }>, message: string) {
    const result = await run();
    await ctx.writes.caughtUpTo(result.lastPosition, CAMPAIGN_VIEWS);
    return { status: 'success' as const, message };
  }

  return [
    defineRoute({
      method: 'get',
      path: '/admin/tasks',
      summary: 'Campaigns with progress and their submissions (completedBy), newest first',
      description:
        'Searched, filtered and paged; pages of at most 500; after = X-Next-Cursor pages by key. X-Total-Count says how many ' +
        'match. submissions=none leaves completedBy empty (read them paged from ' +
        '/admin/tasks/{taskId}/submissions).',
      tags: ['admin'],
      access: ['admin'],
      query: campaignListQuery,
      responses: {
        200: {
          description: 'The campaigns (money in naira)',
          schema: adminCampaignSchema.array(),
          headers: pagedResponseHeaders,
        },
        400: { description: 'An invalid filter, sort or page', problem: true },
      },
      async handler({ query, res }) {
        const { campaigns, total, next } = await adminCampaigns(ctx.pool, query);
        sendTotal(res, total, next);
        return campaigns;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/tasks/:taskId',
      summary: 'One campaign with its figures (and its submissions unless submissions=none)',
      tags: ['admin'],
      access: ['admin'],
      params: campaignIdParams,
      query: campaignQuery,
      responses: {
        200: { description: 'The campaign (money in naira)', schema: adminCampaignSchema },
        404: { description: 'No such campaign', problem: true },
      },
      async handler({ params, query }) {
        const campaignId = params.taskId;
        const campaign = await adminCampaign(ctx.pool, campaignId, query);
        if (!campaign) throw new HttpProblem('not_found', 'Campaign not found.');
        return campaign;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/tasks/:taskId/submissions',
      summary: "A campaign's submissions, pending first then the newest; filtered and paged",
      description:
        'Pages of at most 500; after = X-Next-Cursor pages by key. X-Total-Count says how many match.',
      tags: ['admin'],
      access: ['admin'],
      params: campaignIdParams,
      query: submissionListQuery,
      responses: {
        200: {
          description: 'The submissions (earnings in naira)',
          schema: adminSubmissionSchema.array(),
          headers: pagedResponseHeaders,
        },
        400: { description: 'An invalid filter or page', problem: true },
        404: { description: 'No such campaign', problem: true },
      },
      async handler({ params, query, res }) {
        const campaignId = params.taskId;
        if (!(await adminCampaign(ctx.pool, campaignId, { submissions: 'none' })))
          throw new HttpProblem('not_found', 'Campaign not found.');
        const { submissions, total, next } = await adminSubmissions(ctx.pool, campaignId, query);
        sendTotal(res, total, next);
        return submissions;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/submissions/pending',
      summary: 'The review queue: every pending submission of every campaign, oldest first',
      description:
        'Filtered by campaignId and by platform (comma-separated keys or groups, as /admin/tasks). ' +
        'Pages of at most 500; after = X-Next-Cursor pages by key. X-Total-Count says how many match.',
      tags: ['admin'],
      access: ['admin'],
      query: pendingProofQuery,
      responses: {
        200: {
          description: 'The pending submissions with their campaign (earnings in naira)',
          schema: pendingProofSchema.array(),
          headers: pagedResponseHeaders,
        },
        400: { description: 'An invalid filter or page', problem: true },
      },
      async handler({ query, res }) {
        const { proofs, total, next } = await pendingProofs(ctx.pool, query);
        sendTotal(res, total, next);
        return proofs;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/tasks',
      summary: 'Create a campaign; units × price is moved into its escrow',
      tags: ['admin'],
      access: ['admin'],
      body: createCampaignBody,
      idempotency: 'optional',
      responses: {
        201: {
          description:
            "'New campaign has been created successfully.' (with, when its total reward is above the approval threshold, that it waits for finance: status awaiting_approval)",
          schema: campaignAnswer,
        },
        400: {
          description: 'A required field is missing or invalid, or the price is above the cap',
          problem: true,
        },
      },
      async handler({ body, principal, res }) {
        const commandId = commandIdOf(res);
        // With a command id, a creation run again (its answer lost) names the campaign it made.
        const campaignId =
          commandId === undefined ? randomUUID() : uuidv5(`campaign:${commandId}`, KOBO_UUID_NAMESPACE);
        const d = detailsFrom(body);
        const result = await ctx.commands.createCampaign(
          {
            campaignId,
            title: d.title ?? '',
            platform: d.platform ?? '',
            variation: d.variation,
            instructions: d.instructions,
            url: d.url ?? '',
            price: d.price,
            units: d.units,
            estimatedMinutes: d.estimatedMinutes,
            image: d.image,
            status: body.taskStatus,
            by: principalActor(principal),
          },
          { commandId },
        );
        const waits = result.events.some((e) => e.type === 'CampaignApprovalRequested');
        return {
          message: waits
            ? `New campaign has been created successfully. ${WAITS_FOR_FINANCE}`
            : 'New campaign has been created successfully.',
          task: await readBack(campaignId, result.lastPosition),
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/admin/tasks/:taskId',
      summary:
        "Edit a campaign's details and status (a change of units or price tops up or refunds the escrow)",
      tags: ['admin'],
      access: ['admin'],
      params: campaignIdParams,
      body: updateCampaignBody,
      idempotency: 'optional',
      responses: {
        200: { description: "'Campaign has been updated successfully.'", schema: campaignAnswer },
        400: { description: 'Invalid input', problem: true },
        404: { description: 'No such campaign', problem: true },
        409: { description: 'The change is not possible in the campaign’s state', problem: true },
      },
      async handler({ params, body, principal, res }) {
        const campaignId = params.taskId;
        // Two commands, each its own id from the request's: a run again does neither twice.
        const commandId = commandIdOf(res);
        await requireCampaign(ctx, campaignId);
        let position = 0;
        const changes = detailsFrom(body);
        if (Object.keys(changes).length > 0)
          position = (
            await ctx.commands.updateCampaign(
              { campaignId, changes, by: principalActor(principal) },
              { commandId: commandIdOfStep(commandId, 'details') },
            )
          ).lastPosition;
        if (body.taskStatus !== undefined) {
          const state = await requireCampaign(ctx, campaignId);
          position = Math.max(
            position,
            await setCampaignStatus(
              ctx,
              principal,
              state,
              body.taskStatus,
              commandIdOfStep(commandId, 'status'),
            ),
          );
        }
        const campaign = await readBack(campaignId, position);
        return {
          message:
            campaign?.taskStatus === 'awaiting_approval'
              ? `Campaign has been updated successfully. ${WAITS_FOR_FINANCE}`
              : 'Campaign has been updated successfully.',
          task: campaign,
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/admin/tasks/:taskId',
      summary: 'Delete a campaign: pending submissions are turned down and the unspent escrow returned',
      tags: ['admin'],
      access: ['admin'],
      params: campaignIdParams,
      idempotency: 'optional',
      responses: {
        200: { description: "'Campaign has been deleted successfully.'", schema: messageSchema },
        404: { description: 'No such campaign', problem: true },
      },
      async handler({ params, principal, res }) {
        const campaignId = params.taskId;
        const result = await ctx.commands.deleteCampaign(
          { campaignId, by: principalActor(principal) },
          { commandId: commandIdOf(res) },
        );
        await ctx.writes.caughtUpTo(result.lastPosition, CAMPAIGN_VIEWS);
        return { message: 'Campaign has been deleted successfully.' };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/admin/tasks/:id/status',
      summary: 'Toggle a campaign between active and paused (a draft goes live)',
      tags: ['admin'],
      access: ['admin'],
      params: idParams,
      responses: {
        200: {
          description: "{ status, message: 'Campaign status changed to {status}.' }",
          schema: statusAnswer,
        },
        404: { description: 'No such campaign', problem: true },
        409: { description: 'The campaign has ended', problem: true },
      },
      async handler({ params, principal }) {
        const state = await requireCampaign(ctx, params.id);
        const status = toggledStatus(state);
        const position = await setCampaignStatus(ctx, principal, state, status, undefined);
        if (position > 0) await ctx.writes.caughtUpTo(position, CAMPAIGN_VIEWS);
        return { status, message: `Campaign status changed to ${status}.` };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/tasks/approve',
      summary:
        "Approve a submission: the reward moves from the campaign's escrow to the user's account balance",
      tags: ['admin'],
      access: ['admin'],
      body: reviewBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: "{ status: 'success', message: 'Task Approved Successfully' }",
          schema: reviewAnswer,
        },
        400: { description: 'The campaign or user is missing', problem: true },
        404: { description: 'No such campaign or submission', problem: true },
        409: { description: 'The submission was already rejected', problem: true },
      },
      handler: ({ body, principal, res }) => {
        const { campaignId, submissionId } = submissionOf(body);
        return review(
          () =>
            ctx.commands.approveSubmission(
              { campaignId, submissionId, by: principalActor(principal) },
              { commandId: commandIdOf(res) },
            ),
          reviewMessages.approved,
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/tasks/reject',
      summary: 'Reject a submission (the user sees the reason); its unit and reward stay in the campaign',
      tags: ['admin'],
      access: ['admin'],
      body: reviewBody,
      idempotency: 'optional',
      responses: {
        200: {
          description: "{ status: 'success', message: 'Task Rejected Successfully' }",
          schema: reviewAnswer,
        },
        400: { description: 'The campaign or user is missing', problem: true },
        404: { description: 'No such campaign or submission', problem: true },
        409: { description: 'The submission was already approved', problem: true },
      },
      handler: ({ body, principal, res }) => {
        const { campaignId, submissionId } = submissionOf(body);
        return review(
          () =>
            ctx.commands.rejectSubmission(
              {
                campaignId,
                submissionId,
                reason: body.reason || DEFAULT_SUBMISSION_REJECTION,
                by: principalActor(principal),
              },
              { commandId: commandIdOf(res) },
            ),
          reviewMessages.rejected,
        );
      },
    }),
  ];
};
