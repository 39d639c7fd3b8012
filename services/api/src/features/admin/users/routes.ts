/** /admin/users: list, create, edit and delete users (docs/product/staff-area.md#admin-screens, #form-rules, #messages; docs/product/api-contract.md#admin-calls). */
import { z } from 'zod';
import { currentUser } from '@kobo/ledger';
import { findUser, listUsers } from '@kobo/projector';
import type { FeatureRoutes } from '../../../context';
import {
  commandIdOf,
  defineRoute,
  HttpProblem,
  pagedResponseHeaders,
  sendTotal,
  principalActor,
} from '../../../http';
import { createUser } from './create-user';
import {
  adminUserSchema,
  createUserBody,
  DEFAULT_DELETION_REASON,
  deleteUserBody,
  messageSchema,
  updateUserBody,
  userIdParams,
  userUpdateAnswer,
  userListQuery,
} from './schemas';
import { requireManagedUser, updateUser } from './update-user';
import { toAdminUser } from './views';

/** What the users screen shows after a change. */
// Transactions too: a balance edit is an 'other' entry the admin's transactions screen shows next.
// 'adjustments': a change that waits for approval is on finance's list as soon as the admin is answered.
const USER_VIEWS = ['users', 'balances', 'user_stats', 'transactions', 'adjustments'] as const;

export const userRoutes: FeatureRoutes = (ctx) => {
  async function readBack(userId: string, position: number) {
    await ctx.writes.caughtUpTo(position, USER_VIEWS);
    const user = await findUser(ctx.pool, userId);
    if (!user) throw new HttpProblem('not_found', 'User not found.');
    return toAdminUser(user);
  }

  return [
    defineRoute({
      method: 'get',
      path: '/admin/users',
      summary: 'Users with their balances and task counts, newest first; searched, filtered and paged',
      description:
        'Pages of at most 500 (pageSize); after = X-Next-Cursor pages by key. X-Total-Count says how many users match.',
      tags: ['admin'],
      access: ['admin'],
      query: userListQuery,
      responses: {
        200: {
          description: 'The users (money in naira)',
          schema: z.array(adminUserSchema),
          headers: pagedResponseHeaders,
        },
        400: { description: 'An invalid filter, sort or page', problem: true },
      },
      async handler({ query, res }) {
        const { rows, total, next } = await listUsers(ctx.pool, query);
        sendTotal(res, total, next);
        return rows.map(toAdminUser);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/users',
      summary: 'Create a user (with an opening balance and a status)',
      description:
        'Username is built from the names when not given; without a password a random one is set ' +
        '(the user then resets it). A balance above 0 is posted as an adjustment.',
      tags: ['admin'],
      access: ['admin'],
      body: createUserBody,
      idempotency: 'optional',
      responses: {
        201: {
          description:
            "'User created successfully.', and pendingAdjustment when the opening balance waits for finance",
          schema: userUpdateAnswer,
        },
        400: { description: 'A required field is missing or invalid', problem: true },
        409: { description: 'The email or username is taken', problem: true },
      },
      async handler({ body, principal, res }) {
        const { userId, lastPosition, pendingAdjustment } = await createUser(
          ctx,
          principal,
          body,
          commandIdOf(res),
        );
        const user = await readBack(userId, lastPosition);
        return {
          message: 'User created successfully.',
          user,
          ...(pendingAdjustment && { pendingAdjustment }),
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/admin/users/:id',
      summary: "Edit a user's profile, status or account balance",
      description:
        'A balance change needs a reason and is capped (ADJUSTMENT_CAP_NAIRA); above ADJUSTMENT_APPROVAL_ABOVE_NAIRA ' +
        "it is not posted but waits for a finance user's approval (pendingAdjustment). Staff accounts answer 404.",
      tags: ['admin'],
      access: ['admin'],
      params: userIdParams,
      body: updateUserBody,
      idempotency: 'optional',
      responses: {
        200: {
          description:
            "'User updated successfully.', and pendingAdjustment when the balance change waits for finance",
          schema: userUpdateAnswer,
        },
        400: {
          description: 'Invalid input, no reason for a balance change, or a change above the cap',
          problem: true,
        },
        404: { description: 'No such user', problem: true },
        409: { description: 'The email is taken', problem: true },
      },
      async handler({ params, body, principal, res }) {
        const { lastPosition, pendingAdjustment } = await updateUser(
          ctx,
          principal,
          params.id,
          body,
          commandIdOf(res),
        );
        const user = await readBack(params.id, lastPosition);
        return {
          message: 'User updated successfully.',
          user,
          ...(pendingAdjustment && { pendingAdjustment }),
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/admin/users/:id',
      summary: 'Delete a user (their login goes too; the ledger keeps their history)',
      description:
        'The person is erased: their name, username, email, phone and bank details are gone for good; their ' +
        'transactions are kept. The optional body gives the reason, kept with the deletion.',
      tags: ['admin'],
      access: ['admin'],
      params: userIdParams,
      body: deleteUserBody,
      bodyOptional: true,
      responses: {
        200: { description: "'User deleted successfully.'", schema: messageSchema },
        404: { description: 'No such user', problem: true },
        400: { description: 'The reason is blank or longer than 200 characters', problem: true },
        409: {
          description: 'A withdrawal is still in progress, or the admin is deleting themself',
          problem: true,
        },
      },
      async handler({ params, body, principal }) {
        if (params.id === principal.userId)
          throw new HttpProblem('conflict', 'You cannot delete your own account.');
        requireManagedUser(await currentUser(ctx.store, params.id));
        const result = await ctx.commands.deleteUser({
          userId: params.id,
          by: principalActor(principal),
          reason: body.reason ?? DEFAULT_DELETION_REASON,
        });
        await ctx.pool.query('DELETE FROM credentials WHERE user_id::text = $1', [params.id]);
        await ctx.auth.sessions.endAll(params.id);
        await ctx.writes.caughtUpTo(result.lastPosition, USER_VIEWS);
        return { message: 'User deleted successfully.' };
      },
    }),
  ];
};
