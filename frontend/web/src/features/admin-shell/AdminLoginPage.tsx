// Placeholder: replaced by the feature's real page.
export function AdminLoginPage() {
  return (
    <main className="kobo-page">
      <h1>AdminLoginPage</h1>
    </main>
  );
}
