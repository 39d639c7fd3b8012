// Placeholder: being built.
export function JournalExplorer() {
  return <p>Coming shortly.</p>;
}
