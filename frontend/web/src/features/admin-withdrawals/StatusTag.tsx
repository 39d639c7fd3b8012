import { Tag } from '@blueprintjs/core';
import type { AdminWithdrawal } from './api';
import { withdrawalState } from './filters';

/** Pending, Approved, Paid, Payout failed or Rejected, with the detail on hover. */
export function StatusTag({ withdrawal }: { withdrawal: Pick<AdminWithdrawal, 'status' | 'payoutState'> }) {
  const state = withdrawalState(withdrawal);
  return (
    <Tag minimal round intent={state.intent} title={state.detail}>
      {state.label}
    </Tag>
  );
}
