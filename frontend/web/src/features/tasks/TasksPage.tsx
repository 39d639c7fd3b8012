// Placeholder: replaced by the feature's real page.
export function TasksPage() {
  return (
    <main className="kobo-page">
      <h1>TasksPage</h1>
    </main>
  );
}
