// Placeholder: replaced by the feature's real page.
export function ForgotPasswordPage() {
  return (
    <main className="kobo-page">
      <h1>ForgotPasswordPage</h1>
    </main>
  );
}
