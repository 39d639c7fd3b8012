// Placeholder: replaced by the feature's real page.
export function HistoryPage() {
  return (
    <main className="kobo-page">
      <h1>HistoryPage</h1>
    </main>
  );
}
