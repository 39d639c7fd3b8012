/**
 * GET /users/statement/entries/:eventId/proof: that a statement entry is in the hash-chained log,
 * checked by the ledger itself (verifyChainLink: the event's hash recomputed from its stored
 * columns and the previous event's hash, as `ledger verify` does, and the next event's link back).
 */
import { verifyChainLink } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { entryPositionOn } from '@kobo/projector';
import type { ApiContext } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import { userAccounts } from './queries';
import { entryProofParams, entryProofSchema } from './schemas';

export const entryNotFound = 'Statement entry not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The proof for an event that posted to one of the user's accounts; undefined for any other id. */
export async function proveEntry(pool: Pool, userId: string, eventId: string) {
  // Event ids are UUIDs; anything else names no entry (and never reaches SQL as odd bytes).
  if (!UUID.test(eventId)) return undefined;
  const position = await entryPositionOn(pool, eventId, userAccounts(userId));
  if (position === undefined) return undefined;
  const link = await verifyChainLink(pool, position);
  if (!link) return undefined;
  return {
    eventId: link.eventId,
    position: link.position,
    previousHash: link.previousHash,
    hash: link.hash,
    recomputedHash: link.recomputedHash,
    verified: link.verified,
    nextHash: link.nextHash,
    nextLinksBack: link.nextLinksBack,
    checkedAt: new Date().toISOString(),
  };
}

export const statementProofRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/users/statement/entries/:eventId/proof',
    summary: 'Proof that a statement entry is in the hash-chained ledger',
    description:
      "Recomputes the event's hash from its stored content and the previous event's hash, as the " +
      'ledger does, and checks that the next event links back to it. Only for an event that posted ' +
      "to one of the caller's own accounts.",
    tags: ['user area'],
    access: ['user'],
    params: entryProofParams,
    responses: {
      200: { description: 'The proof; `verified` says whether it holds', schema: entryProofSchema },
      404: { description: "No entry of this event on the caller's accounts", problem: true },
    },
    handler: async ({ principal, params }) => {
      const proof = await proveEntry(ctx.pool, principal.userId, params.eventId);
      if (!proof) throw new HttpProblem('not_found', entryNotFound);
      return proof;
    },
  }),
];
