/**
 * The verification job: is the proof a readable screenshot, and does it look like one sent before
 * (by another user, or by the same user for another task)? The finding goes to the ledger as
 * SubmissionVerified; the reviewing admin decides. Safe to run again: the hash row is upserted and
 * the ledger ignores a verification identical to the one recorded.
 */
import { currentCampaign, type EventStore, type LedgerCommands, type LookAlike } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { IMAGE_MISSING, lookAlikeFlags, NOT_AN_IMAGE } from './flags';
import { fingerprintProof } from './perceptual-hash';
import { ProofImageNotFoundError, type ProofImages } from './proof-images';
import { findSimilarProofs, saveProofHash } from './proof-hashes';
import type { VerificationJob } from './verification-job';

/** Bits out of 64: re-encoded or rescaled copies stay within it, different screens rarely do. */
export const DEFAULT_MAX_DISTANCE = 5;

export interface VerificationDeps {
  pool: Pool;
  store: EventStore;
  commands: Pick<LedgerCommands, 'recordVerification'>;
  images: ProofImages;
  maxDistance?: number;
}

export interface VerificationOutcome {
  perceptualHash: string | null;
  flags: string[];
  /** Whose look-alike proofs the flags are, by ids (their names are read when shown). */
  lookAlikes: LookAlike[];
}

export async function verifyProof(
  deps: VerificationDeps,
  job: VerificationJob,
  jobId?: string,
): Promise<VerificationOutcome> {
  const outcome = await inspect(deps, job);
  await deps.commands.recordVerification(
    { campaignId: job.campaignId, submissionId: job.submissionId, ...outcome },
    { actor: { role: 'system', id: 'verification' }, causationId: jobId },
  );
  return outcome;
}

async function inspect(deps: VerificationDeps, job: VerificationJob): Promise<VerificationOutcome> {
  let image: Buffer;
  try {
    image = await deps.images.read(job.proofImage);
  } catch (error) {
    if (error instanceof ProofImageNotFoundError)
      return { perceptualHash: null, flags: [IMAGE_MISSING], lookAlikes: [] };
    throw error; // storage trouble: let the job retry
  }
  const fingerprint = await fingerprintProof(image);
  if (!fingerprint.readable) return { perceptualHash: null, flags: [NOT_AN_IMAGE], lookAlikes: [] };

  const campaign = await currentCampaign(deps.store, job.campaignId);
  await saveProofHash(deps.pool, {
    submissionId: job.submissionId,
    campaignId: job.campaignId,
    userId: job.userId,
    taskTitle: campaign.details.title,
    hash: fingerprint.hash,
  });
  const similar = await findSimilarProofs(
    deps.pool,
    { submissionId: job.submissionId, hash: fingerprint.hash },
    deps.maxDistance ?? DEFAULT_MAX_DISTANCE,
  );
  return { perceptualHash: fingerprint.hash, ...lookAlikeFlags(job, similar) };
}
