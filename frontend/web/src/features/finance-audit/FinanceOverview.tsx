// Placeholder: being built.
export function FinanceOverview() {
  return <p>Coming shortly.</p>;
}
