/**
 * The verification job: is the proof a readable screenshot, and does it look like one sent before
 * (by another user, or by the same user for another task)? The finding goes to the ledger as
 * SubmissionVerified; the reviewing admin decides. Safe to run again: the hash row is upserted and
 * the ledger ignores a verification identical to the one recorded.
 */
import { currentCampaign, currentUser, type EventStore, type LedgerCommands } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { IMAGE_MISSING, lookAlikeFlag, NOT_AN_IMAGE } from './flags';
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
    if (error instanceof ProofImageNotFoundError) return { perceptualHash: null, flags: [IMAGE_MISSING] };
    throw error; // storage trouble: let the job retry
  }
  const fingerprint = await fingerprintProof(image);
  if (!fingerprint.readable) return { perceptualHash: null, flags: [NOT_AN_IMAGE] };

  const [campaign, user] = await Promise.all([
    currentCampaign(deps.store, job.campaignId),
    currentUser(deps.store, job.userId),
  ]);
  await saveProofHash(deps.pool, {
    submissionId: job.submissionId,
    campaignId: job.campaignId,
    userId: job.userId,
    username: user.username,
    taskTitle: campaign.details.title,
    hash: fingerprint.hash,
  });
  const similar = await findSimilarProofs(
    deps.pool,
    { submissionId: job.submissionId, hash: fingerprint.hash },
    deps.maxDistance ?? DEFAULT_MAX_DISTANCE,
  );
  const flags = [...new Set(similar.map((other) => lookAlikeFlag(job, other)))];
  return { perceptualHash: fingerprint.hash, flags };
}
