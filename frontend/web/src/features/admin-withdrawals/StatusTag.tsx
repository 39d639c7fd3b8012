import { Tag } from '@blueprintjs/core';
import { withdrawalStateLook } from '../../shared/withdrawal-states';
import type { AdminWithdrawal } from './api';

/** The request's state in the one vocabulary, with where the money is on hover. */
export function StatusTag({ withdrawal }: { withdrawal: Pick<AdminWithdrawal, 'state'> }) {
  const look = withdrawalStateLook(withdrawal.state);
  return (
    <Tag minimal round intent={look.intent} icon={look.icon} title={`Money: ${look.moneyShort}`}>
      {look.label}
    </Tag>
  );
}
