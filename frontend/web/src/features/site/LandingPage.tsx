// Placeholder: replaced by the feature's real page.
export function LandingPage() {
  return (
    <main className="kobo-page">
      <h1>LandingPage</h1>
    </main>
  );
}
