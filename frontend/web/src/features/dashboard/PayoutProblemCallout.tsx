/**
 * When the person's latest withdrawal failed at the bank or came back from it, the dashboard says
 * so and what to do: check the bank details. A newer request means they have moved on, so the
 * callout goes.
 */
import { Callout } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { formatNaira } from '../../shared/money';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import {
  BANK_DETAILS_PATH,
  needsBankCheck,
  withdrawalReference,
  withdrawalStory,
} from '../../shared/withdrawal-states';
import { useGetWithdrawalsQuery, type Withdrawal } from '../withdraw/api';

/** The latest request, if its payout failed or was reversed; otherwise nothing. */
export function payoutNeedingBankCheck(withdrawals: readonly Withdrawal[]): Withdrawal | null {
  const latest = [...withdrawals].sort((a, b) => Date.parse(b.requestedAt) - Date.parse(a.requestedAt))[0];
  return latest && needsBankCheck(latest.state) ? latest : null;
}

export function PayoutProblemCallout() {
  const { data } = useGetWithdrawalsQuery();
  const withdrawal = data ? payoutNeedingBankCheck(data) : null;
  if (!withdrawal) return null;
  const what = withdrawal.state === 'reversed' ? 'came back from your bank' : 'could not be paid';
  return (
    <Callout
      intent="warning"
      icon="bank-account"
      title={`Your withdrawal of ${formatNaira(withdrawal.amount)} ${what}`}
      className="kobo-dashboard-payout-problem"
    >
      <p>
        {withdrawalStory(withdrawal)}{' '}
        <Link to={`/dashboard/history?withdrawal=${encodeURIComponent(withdrawal.id)}`}>
          See {withdrawalReference(withdrawal.id)}
        </Link>
      </p>
      <ButtonLink
        to={BANK_DETAILS_PATH}
        intent="primary"
        icon="bank-account"
        text="Check your bank details"
      />
    </Callout>
  );
}
