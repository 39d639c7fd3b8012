// Placeholder: replaced by the feature's real page.
export function ActiveCampaignsPage() {
  return (
    <main className="kobo-page">
      <h1>ActiveCampaignsPage</h1>
    </main>
  );
}
