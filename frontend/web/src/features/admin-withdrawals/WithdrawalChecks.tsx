import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { SharedBankAccountTag } from '../../shared/ui/SharedBankAccountTag';
import { useGetWithdrawalChecksQuery } from './api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** '3 days ago', 'today', '1 day ago': how long before `now`. */
export function ageOf(when: string, now = Date.now()): string {
  const days = Math.floor((now - Date.parse(when)) / DAY_MS);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days.toLocaleString('en-NG')} days ago`;
}

function Check({ term, children, warn = false }: { term: string; children: ReactNode; warn?: boolean }) {
  return (
    <div className={warn ? 'kobo-admin-withdrawals-warn' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What to look at before approving: the account's age, its bank details, earlier payouts. */
export function WithdrawalChecks({ withdrawalId }: { withdrawalId: string }) {
  const { data: checks, isLoading, isError } = useGetWithdrawalChecksQuery(withdrawalId);
  return (
    <section className="kobo-admin-withdrawals-section" aria-label="Checks">
      <h3>Checks</h3>
      {isLoading ? (
        <p className="kobo-muted">Loading checks…</p>
      ) : isError || !checks ? (
        <p className="kobo-muted">The checks could not be loaded.</p>
      ) : (
        <dl>
          <Check term="Account created">
            {checks.accountCreatedAt
              ? `${formatDate(checks.accountCreatedAt)} (${ageOf(checks.accountCreatedAt)})`
              : 'N/A'}
          </Check>
          <Check
            term="Bank details last changed"
            warn={!!checks.bankDetailsSetAt && Date.now() - Date.parse(checks.bankDetailsSetAt) < 7 * DAY_MS}
          >
            {checks.bankDetailsSetAt
              ? `${formatDateTime(checks.bankDetailsSetAt)} (${ageOf(checks.bankDetailsSetAt)})`
              : 'Not known'}
          </Check>
          <Check term="Account name" warn={!checks.accountNameMatchesUser}>
            {(checks.accountNameMatchesUser ? "Matches the user's name" : "Does not match the user's name") +
              (checks.accountNameCheck === 'resolved'
                ? ' · given by the bank'
                : checks.accountNameCheck === 'unchecked'
                  ? ' · as typed, not checked with the bank'
                  : '')}
          </Check>
          <Check term="Earlier payouts">
            {checks.earlierPayouts.count === 0
              ? 'None'
              : `${checks.earlierPayouts.count} paid, ${formatNaira(checks.earlierPayouts.total)} in all` +
                (checks.earlierPayouts.lastPaidAt && checks.earlierPayouts.lastAmount !== null
                  ? `; last ${formatNaira(checks.earlierPayouts.lastAmount)} on ${formatDate(checks.earlierPayouts.lastPaidAt)}`
                  : '')}
          </Check>
          <Check term="Account number on other users" warn={checks.sharedBankAccount !== null}>
            {checks.sharedBankAccount ? <SharedBankAccountTag shared={checks.sharedBankAccount} /> : 'No'}
          </Check>
        </dl>
      )}
    </section>
  );
}
