// Placeholder: replaced by the feature's real page.
export function AboutPage() {
  return (
    <main className="kobo-page">
      <h1>AboutPage</h1>
    </main>
  );
}
