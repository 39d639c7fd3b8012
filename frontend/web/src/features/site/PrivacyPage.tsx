// Placeholder: replaced by the feature's real page.
export function PrivacyPage() {
  return (
    <main className="kobo-page">
      <h1>PrivacyPage</h1>
    </main>
  );
}
