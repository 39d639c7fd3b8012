import { PageHeader } from '../../shared/ui/PageHeader';

// Placeholder: being built.
export function AdminUsersPage() {
  return (
    <main className="kobo-page">
      <PageHeader title="Users" subtitle="Everyone who earns on Kobo." />
    </main>
  );
}
