/**
 * Perceptual hashes of checked proofs (table proof_hashes, migrations 0006 and 0061). A row names its
 * submitter by id only, so erasing them leaves nothing of theirs here.
 */
import type { Pool } from '@kobo/platform';

export interface ProofHash {
  submissionId: string;
  campaignId: string;
  userId: string;
  taskTitle: string;
  /** 16 hex digits. */
  hash: string;
}

export interface SimilarProof {
  submissionId: string;
  campaignId: string;
  userId: string;
  taskTitle: string;
  distance: number;
}

/** Written before the comparison, so of two look-alike proofs checked at once, at least one sees the other. */
export async function saveProofHash(pool: Pool, proof: ProofHash): Promise<void> {
  await pool.query(
    `INSERT INTO proof_hashes (submission_id, campaign_id, user_id, task_title, perceptual_hash)
     VALUES ($1, $2, $3, $4, ('x' || $5)::bit(64))
     ON CONFLICT (submission_id) DO UPDATE SET perceptual_hash = EXCLUDED.perceptual_hash`,
    [proof.submissionId, proof.campaignId, proof.userId, proof.taskTitle, proof.hash],
  );
}

/**
 * Other proofs within `maxDistance` bits, closest and oldest first. A scan: fine for the tens of
 * thousands of proofs expected; see docs/decisions/0006-jobs.md for what replaces it at scale.
 */
export async function findSimilarProofs(
  pool: Pool,
  proof: { submissionId: string; hash: string },
  maxDistance: number,
  limit = 5,
): Promise<SimilarProof[]> {
  const { rows } = await pool.query<SimilarProof>(
    `SELECT submission_id AS "submissionId", campaign_id AS "campaignId", user_id AS "userId",
            task_title AS "taskTitle",
            bit_count(perceptual_hash # ('x' || $2)::bit(64))::int AS distance
     FROM proof_hashes
     WHERE submission_id <> $1 AND bit_count(perceptual_hash # ('x' || $2)::bit(64)) <= $3
     ORDER BY distance, created_at, submission_id
     LIMIT $4`,
    [proof.submissionId, proof.hash, maxDistance, limit],
  );
  return rows;
}
