/** How a withdrawal's state reads on screen (docs/api/user-area.md, GET /api/users/withdrawals). */
import type { Intent } from '@blueprintjs/core';
import { formatDate } from '../../shared/dates';
import type { Withdrawal } from './api';

export interface WithdrawalState {
  label: string;
  intent: Intent;
  /** What happened and what it means for the money. */
  detail: string;
}

const moneyBack = 'The money is back on your balance.';

/** ': reason' without its own full stop (the sentence adds one), or nothing. */
function because(reason: string | null): string {
  const text = reason?.trim().replace(/[.\s]+$/, '');
  return text ? `: ${text}` : '';
}

export function withdrawalState(withdrawal: Withdrawal): WithdrawalState {
  const on = (iso: string | null) => (iso ? ` ${formatDate(iso)}` : '');
  switch (withdrawal.status) {
    case 'pending':
      return {
        label: 'Requested',
        intent: 'warning',
        detail: 'Waiting for approval. The amount is on hold.',
      };
    case 'approved':
      return {
        label: 'Approved',
        intent: 'primary',
        detail: `Approved${on(withdrawal.approvedAt)}. The payout is on its way to your bank.`,
      };
    case 'paid':
      return {
        label: 'Paid',
        intent: 'success',
        detail: `Paid${on(withdrawal.paidAt)}.${withdrawal.reference ? ` Bank reference: ${withdrawal.reference}` : ''}`,
      };
    case 'payout_failed':
      return {
        label: 'Failed',
        intent: 'danger',
        detail: `The payout failed${on(withdrawal.failedAt)}${because(withdrawal.failureReason)}. ${moneyBack}`,
      };
    case 'rejected':
      return {
        label: 'Declined',
        intent: 'danger',
        detail: `Declined${on(withdrawal.rejectedAt)}${because(withdrawal.rejectionReason)}. ${moneyBack}`,
      };
  }
}
