// Placeholder: replaced by the feature's real page.
export function FaqPage() {
  return (
    <main className="kobo-page">
      <h1>FaqPage</h1>
    </main>
  );
}
