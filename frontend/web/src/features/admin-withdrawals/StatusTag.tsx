import { Tag } from '@blueprintjs/core';
import { withdrawalStateLook } from '../../shared/withdrawal-states';
import type { AdminWithdrawal } from './api';

/**
 * The request's state in the one vocabulary, with where the money is on hover; a payout the
 * provider held for finance says so beside it (its words on hover), as finance's list does.
 */
export function StatusTag({
  withdrawal,
}: {
  withdrawal: Pick<AdminWithdrawal, 'state'> & Partial<Pick<AdminWithdrawal, 'heldReason'>>;
}) {
  const look = withdrawalStateLook(withdrawal.state);
  const held =
    (withdrawal.state === 'approved' || withdrawal.state === 'sending') && withdrawal.heldReason
      ? withdrawal.heldReason
      : null;
  const tag = (
    <Tag minimal round intent={look.intent} icon={look.icon} title={`Money: ${look.moneyShort}`}>
      {look.label}
    </Tag>
  );
  if (!held) return tag;
  return (
    <span className="kobo-admin-withdrawals-tags">
      {tag}
      <Tag minimal round intent="warning" icon="warning-sign" title={held}>
        Held
      </Tag>
    </span>
  );
}
