// Placeholder: replaced by the feature's real page.
export function CommunityLinksPage() {
  return (
    <main className="kobo-page">
      <h1>CommunityLinksPage</h1>
    </main>
  );
}
