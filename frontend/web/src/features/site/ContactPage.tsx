// Placeholder: replaced by the feature's real page.
export function ContactPage() {
  return (
    <main className="kobo-page">
      <h1>ContactPage</h1>
    </main>
  );
}
