/**
 * A LogFilter checked on one event: what a backend that cannot apply every condition on the server
 * (KurrentDB filters `$all` by stream name or by event type, one at a time) checks on what it reads.
 */
import type { LogFilter, RecordedEvent } from './port';

/** Whether an event carries postings: a non-empty `postings` array in its data. */
function carriesPostings(data: unknown): boolean {
  const postings = (data as { postings?: unknown } | null)?.postings;
  return Array.isArray(postings) && postings.length > 0;
}

export function matchesLogFilter(event: RecordedEvent, filter: LogFilter): boolean {
  if (filter.streams !== undefined && !filter.streams.includes(event.streamId)) return false;
  if (filter.types !== undefined && !filter.types.includes(event.type)) return false;
  const recorded = event.recordedAt.getTime();
  if (filter.recordedFrom !== undefined && recorded < filter.recordedFrom.getTime()) return false;
  if (filter.recordedBefore !== undefined && recorded >= filter.recordedBefore.getTime()) return false;
  if (filter.withPostings && !carriesPostings(event.data)) return false;
  return true;
}
