import { PageHeader } from '../../shared/ui/PageHeader';

// Placeholder: being built.
export function AdminCampaignsPage() {
  return (
    <main className="kobo-page">
      <PageHeader title="Campaigns" subtitle="Task campaigns: create, edit, pause and resume." />
    </main>
  );
}
