// Placeholder: replaced by the feature's real page.
export function LoginPage() {
  return (
    <main className="kobo-page">
      <h1>LoginPage</h1>
    </main>
  );
}
