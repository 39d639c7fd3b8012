// Placeholder: replaced by the feature's real page.
export function RouteErrorPage() {
  return (
    <main className="kobo-page">
      <h1>RouteErrorPage</h1>
    </main>
  );
}
