/** Withdrawals: POST /users/withdraw places a hold; GET /users/withdrawals follows each payout. */
import { randomUUID } from 'node:crypto';
import {
  currentUser,
  koboUuid,
  nairaToKobo,
  type HandledEvent,
  type WithdrawalRequested,
} from '@kobo/ledger';
import type { ApiContext } from '../../context';
import {
  commandIdOf,
  defineRoute,
  HttpProblem,
  IDEMPOTENCY_HEADER,
  keyAlreadyUsed,
  parseIdempotencyKey,
  REPLAYED_HEADER,
} from '../../http';
import { withdrawalOfUser, withdrawalRowFrom, withdrawalsOfUser, type WithdrawalRow } from '@kobo/projector';
import { requireTransactionPin } from './pin-routes';
import { messages, withdrawalBody, withdrawalSchema, withdrawalSubmittedSchema } from './schemas';
import { balancesOfUser, withdrawalView } from './views';
import { z } from 'zod';

const tags = ['user area', 'withdrawals'];

/**
 * With an Idempotency-Key the withdrawal id follows from the user and the key, so a retry (even
 * one whose first answer was lost, or after the key's record expired) names the same withdrawal
 * and the ledger places one hold. Without a key every request is a new withdrawal.
 */
export function withdrawalIdFor(userId: string, idempotencyKey: string | undefined): string {
  return idempotencyKey === undefined ? randomUUID() : koboUuid(`withdrawal:${userId}:${idempotencyKey}`);
}

/**
 * The request as the ledger recorded it, as the withdrawals projection will write it (undefined
 * when the decision changed nothing). A repeat's event carries when its first run recorded it.
 */
function fromEvent(events: readonly HandledEvent[]): WithdrawalRow | undefined {
  const event = events.find((e) => e.type === 'WithdrawalRequested');
  if (!event) return undefined;
  return withdrawalRowFrom(
    event.data as WithdrawalRequested['data'],
    event.recordedAt ?? new Date(),
    event.id,
  );
}

export const withdrawalRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'post',
    path: '/users/withdraw',
    summary: 'Request a withdrawal: the amount is held at once and waits for an admin',
    description:
      'Send an Idempotency-Key header to make retries safe: the same key answers the first answer ' +
      'again, and the withdrawal id derives from it, so one hold is placed however often it is sent. ' +
      'Once the account has a transaction PIN (PUT /users/pin), `pin` is required; an answer is kept ' +
      'for its key like any other, so after a refused PIN the next attempt needs a new key.',
    tags,
    access: ['user'],
    idempotency: 'optional',
    body: withdrawalBody,
    responses: {
      201: {
        description: 'The withdrawal, on hold, and the balances after it',
        schema: withdrawalSubmittedSchema,
      },
      400: {
        description:
          'Below the minimum, an invalid amount, bank details missing, or the transaction PIN missing ' +
          'or wrong (at `pin`; a wrong one says how many tries are left)',
        problem: true,
      },
      403: {
        description:
          'The account is suspended, withdrawals are on hold after a recent bank-details change ' +
          '(code withdrawals_on_hold; the message says when they open again), or blocked for 30 ' +
          'minutes after 5 wrong PINs (code pin_locked; the message says until when)',
        problem: true,
      },
      409: { description: 'The Idempotency-Key is in use by a request still running', problem: true },
      422: { description: 'Insufficient balance (or the key reused with another request)', problem: true },
    },
    handler: async ({ body, principal, req, res }) => {
      const userId = principal.userId;
      const header = req.get(IDEMPOTENCY_HEADER);
      const key = header === undefined ? undefined : parseIdempotencyKey(header.trim());
      const withdrawalId = withdrawalIdFor(userId, key);
      // The PIN is judged before the ledger sees the command. A repeated request is not judged
      // again (no try counted, no PIN asked, whatever the PIN's state now): a command the ledger
      // took passed this check when it was first run. Before refusing or counting a wrong try,
      // the key's record is looked at (keyAlreadyUsed): a request with one runs on unjudged, and
      // is answered as its first run (the ledger's record of the command), from its stored answer,
      // or refused by its command's append, which finds the key taken (decisions/0048).
      if (res.getHeader(REPLAYED_HEADER) !== 'true')
        await requireTransactionPin(ctx, userId, body.pin, () => keyAlreadyUsed(res));
      const amount = nairaToKobo(typeof body.amount === 'number' ? body.amount : body.amount.trim());
      const result = await ctx.commands.requestWithdrawal(
        { userId, withdrawalId, type: body.type, amount },
        { actor: { role: 'user', id: userId }, correlationId: String(req.id), commandId: commandIdOf(res) },
      );
      // Answered from the command's own events and the user's state after them, without waiting
      // for the projections: the person's next read waits instead (decisions/0017).
      let row = result.appended ? fromEvent(result.events) : undefined;
      if (row) await ctx.writes.wrote(userId, result.lastPosition);
      else {
        // A repeat (its withdrawal may have moved on since: approved, paid) or a decision that
        // changed nothing: read back the withdrawal as it stands, or, while the read model is late
        // (caughtUpTo logged it; the projectors may be down), as the first run recorded it.
        await ctx.writes.caughtUpTo(result.lastPosition, ['balances', 'transactions', 'withdrawals']);
        row = (await withdrawalOfUser(ctx.pool, userId, withdrawalId)) ?? fromEvent(result.events);
      }
      if (!row)
        throw new HttpProblem(
          'unavailable',
          'Your withdrawal was received but is not shown yet. Please try again in a moment.',
        );
      return {
        message:
          body.type === 'activityWithdrawal'
            ? messages.activityWithdrawalSubmitted
            : messages.withdrawalSubmitted,
        withdrawal: withdrawalView(row),
        balances: balancesOfUser(result.user ?? (await currentUser(ctx.store, userId))),
      };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/users/withdrawals',
    summary: "The signed-in user's withdrawals, newest first, with status and payout reference",
    tags,
    access: ['user'],
    responses: { 200: { description: 'The withdrawals', schema: z.array(withdrawalSchema) } },
    handler: async ({ principal }) =>
      (await withdrawalsOfUser(ctx.pool, principal.userId)).map(withdrawalView),
  }),
];
