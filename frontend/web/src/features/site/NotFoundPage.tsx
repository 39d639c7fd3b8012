// Placeholder: replaced by the feature's real page.
export function NotFoundPage() {
  return (
    <main className="kobo-page">
      <h1>NotFoundPage</h1>
    </main>
  );
}
