// Placeholder: replaced by the feature's real page.
export function ResetPasswordPage() {
  return (
    <main className="kobo-page">
      <h1>ResetPasswordPage</h1>
    </main>
  );
}
