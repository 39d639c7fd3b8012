// Placeholder: replaced by the feature's real page.
export function SignupPage() {
  return (
    <main className="kobo-page">
      <h1>SignupPage</h1>
    </main>
  );
}
