/**
 * Finance's side of a manual transfer, for the API's routes to call: once the bank has paid,
 * mark the payout paid with the bank's reference; if the transfer cannot be made, mark it failed
 * so the money returns to the user. Both are idempotent (the same reference again is a no-op).
 */
import type { Actor, LedgerCommands, CommandResult } from '@kobo/ledger';
import { MANUAL_TRANSFER } from './payout-provider';

export interface MarkPayoutPaid {
  userId: string;
  withdrawalId: string;
  /** The bank's transfer reference. */
  reference: string;
  /** Who marked it (the staff member). */
  by: Actor;
}

export function markPayoutPaid(
  commands: Pick<LedgerCommands, 'recordPayoutSucceeded'>,
  { userId, withdrawalId, reference, by }: MarkPayoutPaid,
): Promise<CommandResult> {
  return commands.recordPayoutSucceeded(
    { userId, withdrawalId, provider: MANUAL_TRANSFER, reference },
    { actor: by },
  );
}

export interface MarkPayoutFailed {
  userId: string;
  withdrawalId: string;
  reason: string;
  by: Actor;
}

export function markPayoutFailed(
  commands: Pick<LedgerCommands, 'recordPayoutFailed'>,
  { userId, withdrawalId, reason, by }: MarkPayoutFailed,
): Promise<CommandResult> {
  return commands.recordPayoutFailed(
    { userId, withdrawalId, provider: MANUAL_TRANSFER, reason },
    { actor: by },
  );
}
