/**
 * Deterministic job ids: the same ledger event always names the same job, so enqueueing it again
 * (a replayed batch, two reactors) adds nothing while the first job is kept.
 *
 * BullMQ refuses custom ids containing ':' (its Redis key separator) and ids that are integers,
 * so the kind is joined with '-' and a ':' inside the id is percent-encoded (as is '%' itself,
 * so two different ids never meet).
 */
function encode(id: string): string {
  return id.replaceAll('%', '%25').replaceAll(':', '%3A');
}

export const jobIds = {
  verification: (submissionId: string) => `verify-${encode(submissionId)}`,
  /** The first approval's job keeps the plain id; an approval after an undo has its own. */
  payout: (withdrawalId: string, approval = 1) =>
    approval === 1 ? `payout-${encode(withdrawalId)}` : `payout-${encode(withdrawalId)}-approval-${approval}`,
};
