/**
 * Withdrawal (docs/product/user-site.md#the-user-area): a tab per balance with a bank-card summary and the amount
 * form, then the person's withdrawals with their state. Balances, bank details and the rules come
 * from the dashboard answer; nothing about money is computed here.
 */
import { Button, Callout, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetDashboardQuery } from '../../shared/api/account';
import { errorMessage } from '../../shared/api/api';
import { asOfLabel } from '../../shared/api/last-known';
import { activityMinimumNote } from '../../shared/activity-minimum';
import { formatNaira } from '../../shared/money';
import { useToast } from '../../shared/toast/toast';
import { settingsWithWayBack } from '../settings/way-back';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useRequestWithdrawalMutation, type WithdrawalKind, type WithdrawalRequest } from './api';
import { endsAttempt } from './attempt-key';
import { BankCard } from './BankCard';
import { hasBankDetails, isBankChangeHold } from './bank-details';
import { WITHDRAW_FAILED, withdrawalSubmitted } from './messages';
import { pinRefusalOf } from './pin';
import { WithdrawalsList } from './WithdrawalsList';
import { WithdrawForm, type SendOutcome } from './WithdrawForm';
import './withdraw.css';

export function WithdrawPage() {
  const dashboard = useGetDashboardQuery();
  const [requestWithdrawal] = useRequestWithdrawalMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useState<WithdrawalKind>('withdrawal');
  // The server's "withdrawals open again at ..." stays on the page, not only in a passing toast.
  const [paused, setPaused] = useState<string | null>(null);

  async function send(request: WithdrawalRequest, idempotencyKey: string): Promise<SendOutcome> {
    try {
      await requestWithdrawal({ ...request, idempotencyKey }).unwrap();
      toast.success(withdrawalSubmitted(request.type));
      setPaused(null);
      return { ok: true };
    } catch (error) {
      // The confirm sheet says what went wrong with the PIN, and when the outcome is unknown.
      if (pinRefusalOf(error) || !endsAttempt(error)) return { ok: false, error };
      const message = errorMessage(error, WITHDRAW_FAILED);
      if (isBankChangeHold(error)) setPaused(message);
      toast.error(message);
      return { ok: false, error };
    }
  }

  // Money decisions wait for the server's answer of this visit: a last-known balance kept on the
  // device (shared/api/last-known.ts) is never shown to the form.
  const lastKnown = asOfLabel(dashboard.fulfilledTimeStamp) !== null;
  let body;
  if ((dashboard.isLoading || (lastKnown && dashboard.isFetching)) && !dashboard.error)
    body = <LoadingState label="Loading your balances..." />;
  else if (!dashboard.data || lastKnown)
    body = (
      <ErrorState
        title="Could not load your balances"
        message={errorMessage(dashboard.error, 'Please check your connection and try again.')}
        onRetry={() => void dashboard.refetch()}
      />
    );
  else if (!hasBankDetails(dashboard.data.bankDetails))
    body = (
      <div className="kobo-card kobo-withdraw-nobank">
        <EmptyState
          icon="bank-account"
          title="Bank Details Required"
          description="Add your bank name, account number and account name in Settings before you withdraw."
          action={
            <Button
              intent="primary"
              icon="cog"
              text="Go to Settings"
              onClick={() => {
                const { to, state } = settingsWithWayBack('bank', '/dashboard/withdraw');
                void navigate(to, { state });
              }}
            />
          }
        />
      </div>
    );
  else {
    const { accountBalance, activityBalance, heldBalance, bankDetails, withdrawalRules, hasPin } =
      dashboard.data;
    const panel = (kind: WithdrawalKind, label: string, balance: number) => (
      <div className="kobo-withdraw-panel">
        <BankCard
          label={label}
          balance={balance}
          bank={bankDetails}
          note={
            kind === 'activityWithdrawal'
              ? activityMinimumNote(balance, withdrawalRules.minActivity)
              : undefined
          }
        />
        <div className="kobo-card kobo-withdraw-formcard">
          <WithdrawForm
            kind={kind}
            balance={balance}
            rules={withdrawalRules}
            bank={bankDetails}
            hasPin={hasPin}
            send={send}
          />
        </div>
      </div>
    );
    body = (
      <>
        {paused ? (
          <Callout intent="warning" icon="lock" title="Withdrawals paused" className="kobo-withdraw-paused">
            {paused}
          </Callout>
        ) : null}
        {heldBalance > 0 ? (
          <Callout intent="primary" icon="time" compact className="kobo-withdraw-held">
            {formatNaira(heldBalance)} is on hold for withdrawals waiting for approval. It is not part of the
            balances below.
          </Callout>
        ) : null}
        <Tabs
          id="kobo-withdraw-tabs"
          selectedTabId={tab}
          onChange={(next) => setTab(next as WithdrawalKind)}
          size="large"
          className="kobo-withdraw-tabs"
        >
          <Tab
            id="withdrawal"
            title="Account Balance"
            panel={panel('withdrawal', 'Account Balance', accountBalance)}
          />
          <Tab
            id="activityWithdrawal"
            title="Activity Balance"
            panel={panel('activityWithdrawal', 'Activity Balance', activityBalance)}
          />
        </Tabs>
      </>
    );
  }

  return (
    <main className="kobo-page kobo-withdraw">
      <PageHeader title="Withdraw" subtitle="Send your earnings to your bank account." />
      {body}
      {/* Below the form: drawn once the form's height is known, so it never jumps down the page. */}
      {dashboard.isLoading ? null : <WithdrawalsList />}
    </main>
  );
}
