// Placeholder: replaced by the feature's real page.
export function SettingsPage() {
  return (
    <main className="kobo-page">
      <h1>SettingsPage</h1>
    </main>
  );
}
