/** Deterministic ids, so a retried command names the same things and turns into a no-op. */
import { v5 as uuidv5 } from 'uuid';

/** Kobo's namespace for name-based (v5) uuids. */
export const KOBO_UUID_NAMESPACE = '6f1c2a4e-9b1d-4f0a-8c3e-2d5b7a9e1f40';

/** One submission per user per campaign, so its id follows from the pair. */
export function submissionIdFor(campaignId: string, userId: string): string {
  return uuidv5(`submission:${campaignId}:${userId}`, KOBO_UUID_NAMESPACE);
}

/** The id of the n-th event a command appends to a stream. */
export function eventIdFor(commandId: string, streamId: string, index: number): string {
  return uuidv5(`event:${commandId}:${streamId}:${index}`, KOBO_UUID_NAMESPACE);
}
