/**
 * Where the provider's answer disagrees with the books (GET /api/finance/payout-discrepancies): a
 * transfer it reported successful after it had failed (the money went out and also came back to
 * the balance), a transfer reported paid a second time, or an amount that differs from the payout's. Listed for finance to look into; they
 * change nothing by themselves.
 */
import { Callout, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { formatDateTime } from '../../shared/dates';
import { useIsPhone } from '../../shared/ui/useIsPhone';
import { PersonName } from '../../shared/ui/ErasedPerson';
import { withdrawalReference } from '../../shared/withdrawal-states';
import { useGetPayoutDiscrepanciesQuery, type PayoutDiscrepancy } from './api';

export const DISCREPANCY_KINDS: Record<PayoutDiscrepancy['kind'], string> = {
  success_after_failure: 'Paid after it failed',
  paid_twice: 'Paid twice',
  amount_mismatch: 'Amount differs',
};

export function Discrepancies() {
  const { data, error, isLoading } = useGetPayoutDiscrepanciesQuery();
  const isPhone = useIsPhone();
  let body;
  if (isLoading) body = <p className={Classes.TEXT_MUTED}>Looking for discrepancies...</p>;
  else if (!data)
    body = (
      <Callout intent="danger" compact>
        {errorMessage(error, 'The discrepancies could not be loaded.')}
      </Callout>
    );
  else if (data.length === 0)
    body = <p className={Classes.TEXT_MUTED}>None: every answer from the provider matches the books.</p>;
  else if (isPhone)
    body = (
      <ul className="kobo-finance-payouts-discrepancy-list" aria-label="Payout discrepancies">
        {data.map((found) => (
          <li key={`${found.withdrawalId}:${found.kind}`}>
            <div className="kobo-finance-payouts-discrepancy-head">
              <span className="kobo-finance-payouts-strong" title={found.withdrawalId}>
                {withdrawalReference(found.withdrawalId)}
              </span>
              <span>
                <PersonName fullName={found.fullName} erasedAt={found.erasedAt} />
              </span>
              <Tag intent="danger" minimal round>
                {DISCREPANCY_KINDS[found.kind]}
              </Tag>
            </div>
            <span>{found.detail}</span>
            <time className="kobo-muted" dateTime={found.foundAt}>
              Found {formatDateTime(found.foundAt)}
            </time>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <div className="kobo-finance-payouts-table-wrap">
        <HTMLTable compact striped className="kobo-finance-payouts-discrepancies">
          <caption className="kobo-visually-hidden">Payout discrepancies</caption>
          <thead>
            <tr>
              <th scope="col">Payout</th>
              <th scope="col">User</th>
              <th scope="col">Kind</th>
              <th scope="col">What the provider said</th>
              <th scope="col">Found</th>
            </tr>
          </thead>
          <tbody>
            {data.map((found) => (
              <tr key={`${found.withdrawalId}:${found.kind}`}>
                <td title={found.withdrawalId}>{withdrawalReference(found.withdrawalId)}</td>
                <td>
                  <PersonName fullName={found.fullName} erasedAt={found.erasedAt} />
                </td>
                <td>
                  <Tag intent="danger" minimal round>
                    {DISCREPANCY_KINDS[found.kind]}
                  </Tag>
                </td>
                <td>{found.detail}</td>
                <td>
                  <time dateTime={found.foundAt}>{formatDateTime(found.foundAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  return (
    <section
      className="kobo-card kobo-finance-payouts-discrepancies-card"
      aria-labelledby="kobo-payout-discrepancies"
    >
      <h2 id="kobo-payout-discrepancies" className="kobo-finance-payouts-discrepancies-title">
        Discrepancies{data && data.length > 0 ? ` (${data.length})` : ''}
      </h2>
      {body}
    </section>
  );
}
