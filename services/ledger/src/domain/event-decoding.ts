/**
 * How a stored event becomes a typed one: the one path every reader of the log takes
 * (decision 0016). The log is append-only and hash-chained, so an event is never rewritten when
 * its type's shape changes. Each stored event says which shape its data has (metadata
 * `schemaVersion`, absent: 1) and reading lifts an older shape to the current one through the
 * type's upcasters, one version at a time. What is stored, and so what the hash chain and
 * `ledger verify` check, stays exactly as it was written.
 */
import type { EventMetadata, RecordedEvent } from '../event-store/port';
import { actorOfStoredBy } from './actor';
import { isKoboEventType, type KoboEvent, type KoboEventType } from './events';

/** A recorded event whose type is in the catalogue and whose data has that type's current shape. */
export type RecordedKoboEvent = {
  [Type in KoboEventType]: RecordedEvent<Type, Extract<KoboEvent, { type: Type }>['data']>;
}[KoboEventType];

/** Lifts the stored data of one event type from `fromVersion` to `fromVersion + 1`. */
export interface Upcaster {
  type: KoboEventType;
  fromVersion: number;
  /**
   * Returns new data; it must not change its input (a batch of events may have several readers).
   * The event's stored metadata is given for what an older shape kept there (its actor), and the
   * time it was recorded for what an older shape left to it.
   */
  upcast(data: Record<string, unknown>, metadata: EventMetadata, recordedAt: Date): Record<string, unknown>;
}

/** Version 2 of the staff decisions: `by` is an Actor, not a bare id (decision 0020). */
const BY_IS_AN_ACTOR: readonly KoboEventType[] = [
  'UserStatusSet',
  'UserDeleted',
  'BalanceAdjustmentRequested',
  'BalanceAdjustmentRejected',
  'WithdrawalApproved',
  'WithdrawalRejected',
  'CampaignCreated',
  'CampaignUpdated',
  'CampaignPaused',
  'CampaignResumed',
  'CampaignCompleted',
  'CampaignDeleted',
  'SubmissionApproved',
  'SubmissionRejected',
  'CommunitySettingsUpdated',
];

/**
 * BalanceAdjusted version 2: `by` is who posted it (for an approved request, the approver, whom
 * version 1 named in `approvedBy` and in the metadata actor) and `requestedBy` who asked. Only
 * admins asked (the admin's user edit), so that is the asker's role.
 */
function balanceAdjustedByActors(data: Record<string, unknown>, metadata: EventMetadata) {
  const { approvedBy, requestedBy, ...rest } = data as {
    approvedBy?: string;
    requestedBy?: string;
    by: string;
  };
  if (approvedBy === undefined) return { ...rest, by: actorOfStoredBy(rest.by, metadata) };
  return {
    ...rest,
    by: actorOfStoredBy(approvedBy, metadata),
    requestedBy: { role: 'admin', id: requestedBy ?? rest.by },
  };
}

/**
 * BalanceAdjusted version 3: a change posted without approval says when it was made (`at`), for
 * the window of such changes; before, its recorded time said it.
 */
function balanceAdjustedAt(data: Record<string, unknown>, _metadata: EventMetadata, recordedAt: Date) {
  return data.requestedBy === undefined ? { ...data, at: new Date(recordedAt).toISOString() } : data;
}

/**
 * WithdrawalApproved version 3: it says when it was approved (`at`) and until when it may be
 * undone (`undoableUntil`); before, its recorded time said when, and there was no undo.
 */
function withdrawalApprovedAt(data: Record<string, unknown>, _metadata: EventMetadata, recordedAt: Date) {
  const at = new Date(recordedAt).toISOString();
  return { ...data, at, undoableUntil: at };
}

/**
 * The catalogue's upcasters. Changing a type's data: add the upcaster from its current version
 * here, change the type in events.ts, and the deciders then write the new version.
 */
export const eventUpcasters: readonly Upcaster[] = [
  ...BY_IS_AN_ACTOR.map((type): Upcaster => ({
    type,
    fromVersion: 1,
    upcast: (data, metadata) => ({ ...data, by: actorOfStoredBy(data.by as string, metadata) }),
  })),
  { type: 'BalanceAdjusted', fromVersion: 1, upcast: balanceAdjustedByActors },
  { type: 'BalanceAdjusted', fromVersion: 2, upcast: balanceAdjustedAt },
  { type: 'WithdrawalApproved', fromVersion: 2, upcast: withdrawalApprovedAt },
  // SubmissionVerified version 2: whose look-alike proofs the flags are, by ids (`lookAlikes`);
  // version 1 named the other user in the flag's text, which stays as it was written.
  { type: 'SubmissionVerified', fromVersion: 1, upcast: (data) => ({ ...data, lookAlikes: [] }) },
];

/** An event this reader cannot turn into the catalogue's current shape. */
export class UnreadableEventError extends Error {
  override readonly name = 'UnreadableEventError';
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    reason: string,
  ) {
    super(`event ${eventId} (${eventType}) cannot be read: ${reason}`);
  }
}

export interface EventSchemas {
  /** The version new events of this type are written in: one more than its last upcaster reads. */
  currentVersion(type: KoboEventType): number;
  /** The metadata to store with a new event: it names the schema version once that is above 1. */
  withSchemaVersion(type: KoboEventType, metadata: EventMetadata): EventMetadata;
  /** The stored event in its type's current shape (the same object when it is already current). */
  decode(recorded: RecordedEvent): RecordedKoboEvent;
}

/** Checks that each type's upcasters read versions 1, 2, 3 … with none missing or repeated. */
function chainsOf(upcasters: readonly Upcaster[]): Map<KoboEventType, Upcaster[]> {
  const chains = new Map<KoboEventType, Upcaster[]>();
  for (const upcaster of upcasters)
    chains.set(upcaster.type, [...(chains.get(upcaster.type) ?? []), upcaster]);
  for (const [type, chain] of chains) {
    chain.sort((a, b) => a.fromVersion - b.fromVersion);
    chain.forEach((upcaster, index) => {
      if (upcaster.fromVersion !== index + 1)
        throw new Error(`upcasters of ${type} must read versions 1 to ${chain.length}, one each`);
    });
  }
  return chains;
}

function storedVersionOf(recorded: RecordedEvent): number {
  const version = recorded.metadata.schemaVersion ?? 1;
  if (!Number.isSafeInteger(version) || version < 1)
    throw new UnreadableEventError(
      recorded.id,
      recorded.type,
      `schema version ${String(version)} is not valid`,
    );
  return version;
}

export function eventSchemas(upcasters: readonly Upcaster[]): EventSchemas {
  const chains = chainsOf(upcasters);
  const currentVersion = (type: KoboEventType) => (chains.get(type)?.length ?? 0) + 1;
  return {
    currentVersion,
    withSchemaVersion(type, metadata) {
      const version = currentVersion(type);
      // Version 1 is left implicit, so events of unchanged types are stored as they always were.
      return version === 1 ? metadata : { ...metadata, schemaVersion: version };
    },
    decode(recorded) {
      const { type } = recorded;
      if (!isKoboEventType(type))
        throw new UnreadableEventError(recorded.id, type, 'the type is not in the catalogue');
      const stored = storedVersionOf(recorded);
      const current = currentVersion(type);
      if (stored > current)
        throw new UnreadableEventError(
          recorded.id,
          type,
          `it was written in version ${stored}, and this reader knows up to version ${current}`,
        );
      // The one place stored data is taken as the catalogue's type: the type and version say its shape.
      if (stored === current) return recorded as RecordedKoboEvent;
      let data = recorded.data as Record<string, unknown>;
      for (const upcaster of chains.get(type)!.slice(stored - 1))
        data = upcaster.upcast(data, recorded.metadata, recorded.recordedAt);
      return { ...recorded, data } as RecordedKoboEvent;
    },
  };
}

const catalogue = eventSchemas(eventUpcasters);

/** The stored event in the catalogue's current shape; every reader of the log decodes with it. */
export function decodeEvent(recorded: RecordedEvent): RecordedKoboEvent {
  return catalogue.decode(recorded);
}

/** The metadata to store with a new event of this type (what the command handlers append). */
export function withSchemaVersion(type: KoboEventType, metadata: EventMetadata): EventMetadata {
  return catalogue.withSchemaVersion(type, metadata);
}
