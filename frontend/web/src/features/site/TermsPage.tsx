// Placeholder: replaced by the feature's real page.
export function TermsPage() {
  return (
    <main className="kobo-page">
      <h1>TermsPage</h1>
    </main>
  );
}
