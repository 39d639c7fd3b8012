import { PageHeader } from '../../shared/ui/PageHeader';

// Placeholder: being built.
export function AccountPage() {
  return (
    <main className="kobo-page">
      <PageHeader title="Account" subtitle="An account's balance and statement." />
    </main>
  );
}
