import { Tag } from '@blueprintjs/core';
import { errorMessage } from '../../shared/api/api';
import { useGetDashboardQuery } from '../../shared/api/account';
import { useToast } from '../../shared/toast/toast';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { SetPinForm } from './SetPinForm';

/** Settings → Security: the 4-digit PIN every withdrawal is confirmed with, set or changed. */
export function TransactionPinPanel() {
  const { data, error, isLoading, refetch } = useGetDashboardQuery();
  const toast = useToast();
  let body;
  if (isLoading) body = <LoadingState label="Loading your details..." />;
  else if (!data)
    body = (
      <ErrorState
        title="Your details could not be loaded"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void refetch()}
      />
    );
  else
    body = (
      <>
        <p className="kobo-muted">
          You confirm every withdrawal with this 4-digit PIN. Five wrong tries block withdrawals for 30
          minutes.{' '}
          <Tag
            minimal
            round
            intent={data.hasPin ? 'success' : 'warning'}
            icon={data.hasPin ? 'tick' : 'warning-sign'}
          >
            {data.hasPin ? 'PIN set' : 'No PIN yet'}
          </Tag>
        </p>
        <SetPinForm
          id="settings-pin"
          hasPin={data.hasPin}
          submitText={data.hasPin ? 'Change PIN' : 'Set PIN'}
          onSet={(message) => toast.success(message)}
        />
      </>
    );
  return (
    <section className="kobo-card kobo-settings-panel" aria-labelledby="settings-pin-title">
      <h2 id="settings-pin-title">Transaction PIN</h2>
      {body}
    </section>
  );
}
