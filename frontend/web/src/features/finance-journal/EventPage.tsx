import { PageHeader } from '../../shared/ui/PageHeader';

// Placeholder: being built.
export function EventPage() {
  return (
    <main className="kobo-page">
      <PageHeader title="Event" subtitle="One event of the ledger." />
    </main>
  );
}
