// Placeholder: replaced by the feature's real page.
export function WithdrawPage() {
  return (
    <main className="kobo-page">
      <h1>WithdrawPage</h1>
    </main>
  );
}
