// Placeholder: replaced by the feature's real page.
export function TaskReviewPage() {
  return (
    <main className="kobo-page">
      <h1>TaskReviewPage</h1>
    </main>
  );
}
