import { PageHeader } from '../../shared/ui/PageHeader';

// Placeholder: being built.
export function PayoutsPage() {
  return (
    <main className="kobo-page">
      <PageHeader title="Payouts" subtitle="Approved withdrawals awaiting the bank transfer." />
    </main>
  );
}
