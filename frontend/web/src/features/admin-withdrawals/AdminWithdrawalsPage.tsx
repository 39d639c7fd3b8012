// Placeholder: replaced by the feature's real page.
export function AdminWithdrawalsPage() {
  return (
    <main className="kobo-page">
      <h1>AdminWithdrawalsPage</h1>
    </main>
  );
}
