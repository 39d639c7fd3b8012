/**
 * The Idempotency-Key of the request a command runs for, claimed by the command's append in its
 * transaction (docs/decisions/0048). The HTTP layer runs the request's handler inside
 * `withKeyClaim`; the first command of the request whose id is the request's command id, or one of
 * its steps (`<id>:<step>`), carries the claim to the store, and says here how it went, so that
 * the HTTP layer knows how to keep the answer. Commands that name another id never carry it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeyClaim } from '../../event-store/port';

/**
 * Where a request's claim stands:
 * - `unclaimed`: no command of the request has appended with it (yet);
 * - `claiming`: a command is running with it;
 * - `claimed`: the request's command appended with it: the key's row is this run's, beside the
 *   recorded command;
 * - `repeat`: the request's command was recorded before: it answers as its first run;
 * - `taken`: the key is taken by something else (another request, a stored refusal): nothing
 *   was written.
 */
export type KeyClaimState = 'unclaimed' | 'claiming' | 'claimed' | 'repeat' | 'taken';

export interface RequestKeyClaim {
  /** The request's command id: its commands are this id or its steps (`<id>:<step>`). */
  commandId: string;
  claim: KeyClaim;
  state: KeyClaimState;
}

const current = new AsyncLocalStorage<RequestKeyClaim>();

/** Runs `handle` (a request's handler) so that its first command claims `claim`'s key. */
export function withKeyClaim<T>(claim: RequestKeyClaim, handle: () => T): T {
  return current.run(claim, handle);
}

/**
 * The claim a command with this id is to carry: the running request's, when the command is the
 * request's (or a step of it) and no other command of it holds or has used the claim. The caller
 * marks it `claiming` at once and settles it (`settleClaim`).
 */
export function claimFor(commandId: string | undefined): RequestKeyClaim | undefined {
  const request = current.getStore();
  if (!request || commandId === undefined || request.state !== 'unclaimed') return undefined;
  if (commandId !== request.commandId && !commandId.startsWith(`${request.commandId}:`)) return undefined;
  request.state = 'claiming';
  return request;
}
