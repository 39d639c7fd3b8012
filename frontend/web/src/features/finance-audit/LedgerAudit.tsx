// Placeholder: being built.
export function LedgerAudit() {
  return <p>Coming shortly.</p>;
}
