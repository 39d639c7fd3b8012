// Placeholder: replaced by the feature's real page.
export function SupportPage() {
  return (
    <main className="kobo-page">
      <h1>SupportPage</h1>
    </main>
  );
}
