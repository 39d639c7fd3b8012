// Placeholder: replaced by the feature's real page.
export function AdminTransactionsPage() {
  return (
    <main className="kobo-page">
      <h1>AdminTransactionsPage</h1>
    </main>
  );
}
