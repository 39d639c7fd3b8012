// Placeholder: replaced by the feature's real page.
export function StatementPage() {
  return (
    <main className="kobo-page">
      <h1>StatementPage</h1>
    </main>
  );
}
