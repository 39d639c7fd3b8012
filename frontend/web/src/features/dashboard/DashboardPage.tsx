// Placeholder: replaced by the feature's real page.
export function DashboardPage() {
  return (
    <main className="kobo-page">
      <h1>DashboardPage</h1>
    </main>
  );
}
