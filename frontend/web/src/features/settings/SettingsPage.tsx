import { Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { useGetDashboardQuery } from '../../shared/api/account';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { BankForm } from './BankForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DataExportPanel } from './DataExportPanel';
import { DeleteAccountForm } from './DeleteAccountForm';
import { ProfileForm } from './ProfileForm';
import { PushToggle } from '../notifications/PushToggle';
import { TransactionPinPanel } from './TransactionPinPanel';
import { wayBackOf, type SettingsTab, type WayBack } from './way-back';
import './settings.css';

const TABS = ['profile', 'bank', 'security', 'notifications'] as const satisfies readonly SettingsTab[];

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = TABS.includes(requested as SettingsTab) ? (requested as SettingsTab) : 'profile';
  const location = useLocation();
  const wayBack = wayBackOf(params.get('back'), location.state);
  // Another tab keeps the way back (the person may look at Security before saving their bank).
  const select = (next: TabId) =>
    setParams(
      { ...(next === 'profile' ? {} : { tab: String(next) }), ...(wayBack ? { back: wayBack.to } : {}) },
      { replace: true, state: location.state },
    );

  return (
    <main className="kobo-page kobo-settings">
      <PageHeader
        title="Settings"
        subtitle="Manage your profile, the bank account you are paid to, and your security."
      />
      <Tabs
        id="settings-tabs"
        selectedTabId={tab}
        onChange={select}
        size="large"
        className="kobo-settings-tabs"
      >
        <Tab
          id="profile"
          title="Profile"
          icon="person"
          panel={
            <div className="kobo-settings-stack">
              <AccountPanel kind="profile" />
              <DataExportPanel />
            </div>
          }
        />
        <Tab id="bank" title="Bank" icon="bank-account" panel={<AccountPanel kind="bank" back={wayBack} />} />
        <Tab
          id="security"
          title="Security"
          icon="lock"
          panel={
            <div className="kobo-settings-stack">
              <TransactionPinPanel />
              <ChangePasswordForm />
              <DeleteAccountForm />
            </div>
          }
        />
        <Tab
          id="notifications"
          title="Notifications"
          icon="notifications"
          panel={
            <section className="kobo-card kobo-settings-panel" aria-labelledby="settings-notifications-title">
              <h2 id="settings-notifications-title">Notifications</h2>
              <PushToggle />
            </section>
          }
        />
      </Tabs>
    </main>
  );
}

/** The profile and bank forms start from the dashboard answer. */
function AccountPanel({ kind, back = null }: { kind: 'profile' | 'bank'; back?: WayBack | null }) {
  const { data, error, isLoading, refetch } = useGetDashboardQuery();
  if (isLoading) return <LoadingState label="Loading your details..." />;
  if (!data)
    return (
      <ErrorState
        title="Your details could not be loaded"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void refetch()}
      />
    );
  return kind === 'profile' ? (
    <section className="kobo-card kobo-settings-panel" aria-labelledby="settings-profile-title">
      <h2 id="settings-profile-title">Profile</h2>
      <p className="kobo-muted">Your name, phone number and the email you sign in with.</p>
      <ProfileForm profile={data} />
    </section>
  ) : (
    <section className="kobo-card kobo-settings-panel" aria-labelledby="settings-bank-title">
      <h2 id="settings-bank-title">Bank details</h2>
      <p className="kobo-muted">Withdrawals are paid to this Nigerian bank account.</p>
      <BankForm bankDetails={data.bankDetails} back={back} />
    </section>
  );
}
