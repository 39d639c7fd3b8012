// Placeholder: replaced by the feature's real page.
export function AdminDashboardPage() {
  return (
    <main className="kobo-page">
      <h1>AdminDashboardPage</h1>
    </main>
  );
}
