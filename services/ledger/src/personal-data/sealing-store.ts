/**
 * The event store with personal data sealed (docs/decisions/0052-personal-data-in-the-log.md): a
 * store around another that seals each event's personal fields (personal-fields.ts) under the
 * person's data key as it appends, and opens them as it reads, so deciders, projections and routes
 * see the values while the log, its hash chain, the Kafka topic and every backup hold only the
 * sealed text. A field of an erased person opens as an empty text.
 *
 * The claims on an email or a username are streams named by the value, so that two registrations
 * racing for one value meet on one stream: their names are stored as a keyed hash of the value
 * (HMAC-SHA-256 under the claims key, kept like a person's key but never destroyed), and their
 * values sealed like any personal field. Snapshots of a person's stream are sealed whole.
 *
 * What reads the stored text itself: the hash chain's check and the Kafka relay, on the store
 * inside; a consumer of the topic opens what it reads with `openStored`.
 */
import { createHmac } from 'node:crypto';
import type {
  AppendCommand,
  AppendResult,
  EventStore,
  RecordedCommand,
  Snapshot,
  StreamAppend,
} from '../event-store/port';
import { PersonErasedError } from './errors';
import { isErased, type PersonalDataKeys } from './person-data-keys';
import {
  PERSONAL_CLAIM_KINDS,
  personalFieldsOf,
  subjectOf,
  textAt,
  withTexts,
  type FieldPath,
} from './personal-fields';
import { isSealed } from './sealed-field';

/** The key of the claims' names: a data key of its own, never destroyed. */
export const CLAIMS_KEY_SUBJECT = 'kobo_claims';

const CLAIM_STREAM = /^unique-(email|username)-(.+)$/s;
const HASHED_CLAIM = /^unique-(email|username)-k1-[0-9a-f]{64}$/;
const USER_STREAM = /^user-(.+)$/s;

/**
 * A stream's stored name under the claims key: an email or username claim named by its value
 * (`unique-email-ada@x.ng`) becomes `unique-email-k1-{HMAC-SHA-256(claims key, kind ‖ value)}`;
 * a name already keyed, and every other stream, stays as it is.
 */
export function keyedStreamName(streamId: string, claimsKey: Buffer): string {
  const claim = CLAIM_STREAM.exec(streamId);
  if (!claim || HASHED_CLAIM.test(streamId) || !PERSONAL_CLAIM_KINDS.has(claim[1]!)) return streamId;
  const digest = createHmac('sha256', claimsKey).update(`${claim[1]}\0${claim[2]}`).digest('hex');
  return `unique-${claim[1]}-k1-${digest}`;
}

/** The claims key, from the key service (made on first use, like a person's). */
export function claimsKeyOf(keys: PersonalDataKeys): Promise<Buffer> {
  return keys.keyFor(CLAIMS_KEY_SUBJECT);
}

/** What a person's erased field opens as. */
const ERASED_TEXT = '';

export function sealPersonalData<S extends EventStore>(store: S, keys: PersonalDataKeys): S {
  let claimsKey: Promise<Buffer> | undefined;

  /** A claim stream's stored name: its value as a keyed hash; every other name as it is. */
  async function storedName(streamId: string): Promise<string> {
    const claim = CLAIM_STREAM.exec(streamId);
    if (!claim || HASHED_CLAIM.test(streamId) || !PERSONAL_CLAIM_KINDS.has(claim[1]!)) return streamId;
    claimsKey ??= claimsKeyOf(keys).catch((error: unknown) => {
      claimsKey = undefined;
      throw error;
    });
    return keyedStreamName(streamId, await claimsKey);
  }

  async function sealEvent<E extends { type: string; data: unknown }>(event: E): Promise<E> {
    const paths = personalFieldsOf(event.type, event.data);
    if (paths.length === 0) return event;
    const subject = subjectOf(event.data);
    const sealed = new Map<FieldPath, string>();
    for (const path of paths) {
      const text = textAt(event.data, path);
      if (text !== undefined && !isSealed(text)) sealed.set(path, await keys.seal(subject, text));
    }
    return { ...event, data: withTexts(event.data, sealed) };
  }

  /** The events with their personal fields opened, in one look-up of the keys not kept in memory. */
  async function openStored<E extends { type: string; data: unknown }>(events: readonly E[]): Promise<E[]> {
    const places: { index: number; path: FieldPath }[] = [];
    const texts: string[] = [];
    events.forEach((event, index) => {
      for (const path of personalFieldsOf(event.type, event.data)) {
        const text = textAt(event.data, path);
        if (isSealed(text)) {
          places.push({ index, path });
          texts.push(text);
        }
      }
    });
    if (texts.length === 0) return [...events];
    const opened = await keys.openMany(texts);
    const byEvent = new Map<number, Map<FieldPath, string>>();
    places.forEach(({ index, path }, i) => {
      const value = opened[i]!;
      const fields = byEvent.get(index) ?? new Map<FieldPath, string>();
      fields.set(path, isErased(value) ? ERASED_TEXT : value);
      byEvent.set(index, fields);
    });
    return events.map((event, index) => {
      const fields = byEvent.get(index);
      return fields ? { ...event, data: withTexts(event.data, fields) } : event;
    });
  }

  /**
   * The opening of each stored event that has a sealed field, while that event object lives: the
   * consumers woken together share one read of the log (the store answers their asks from one
   * query, with the same event objects), and each would otherwise open the same fields again, a
   * decryption per field per consumer. An opening that fails is not kept.
   */
  const openings = new WeakMap<object, Promise<unknown>>();

  function hasSealedField(event: { type: string; data: unknown }): boolean {
    for (const path of personalFieldsOf(event.type, event.data))
      if (isSealed(textAt(event.data, path))) return true;
    return false;
  }

  /** `openStored`, each event with a sealed field opened once however many readers share it. */
  async function openShared<E extends { type: string; data: unknown }>(events: readonly E[]): Promise<E[]> {
    const sealed = events.filter((event) => !openings.has(event) && hasSealedField(event));
    if (sealed.length > 0) {
      const opening = openStored(sealed);
      sealed.forEach((event, index) => {
        const one = opening.then((opened) => opened[index]!);
        one.catch(() => openings.delete(event));
        openings.set(event, one);
      });
    }
    return Promise.all(events.map((event) => (openings.get(event) as Promise<E> | undefined) ?? event));
  }

  async function sealAppends(appends: StreamAppend[]): Promise<StreamAppend[]> {
    return Promise.all(
      appends.map(async (append) => ({
        ...append,
        streamId: await storedName(append.streamId),
        events: await Promise.all(append.events.map(sealEvent)),
      })),
    );
  }

  /** The result with each stream under the name the caller gave it. */
  async function asAppended(appends: StreamAppend[], result: AppendResult): Promise<AppendResult> {
    const names = new Map<string, string>();
    for (const append of appends) names.set(await storedName(append.streamId), append.streamId);
    return {
      ...result,
      streams: result.streams.map((s) => ({ ...s, streamId: names.get(s.streamId) ?? s.streamId })),
    };
  }

  async function openCommand(recorded: RecordedCommand | undefined): Promise<RecordedCommand | undefined> {
    return recorded && { ...recorded, events: await openStored(recorded.events) };
  }

  const sealing: EventStore = {
    claimsKeysInAppend: store.claimsKeysInAppend,
    async appendToStreams(appends, command?: AppendCommand) {
      return asAppended(appends, await store.appendToStreams(await sealAppends(appends), command));
    },
    readCommand: async (commandId) => openCommand(await store.readCommand(commandId)),
    forgetCommands: (options) => store.forgetCommands(options),
    async readStream(streamId, options) {
      const events = await store.readStream(await storedName(streamId), options);
      return (await openStored(events)).map((event) => ({ ...event, streamId }));
    },
    async readSnapshot(streamId, kind) {
      const snapshot = await store.readSnapshot(await storedName(streamId), kind);
      return snapshot && openSnapshot(streamId, snapshot);
    },
    async writeSnapshot(streamId, kind, snapshot) {
      const sealed = await sealSnapshot(streamId, snapshot);
      if (sealed) await store.writeSnapshot(await storedName(streamId), kind, sealed);
    },
    readAll: async (options) => openShared(await store.readAll(options)),
    headPosition: () => store.headPosition(),
    readLog: async (options) => openStored(await store.readLog(options)),
    readEvents: async (ids) => openStored(await store.readEvents(ids)),
    subscribe: (after, handle, options) =>
      store.subscribe(after, async (events) => handle(await openStored(events)), options),
    openStored: (events) => openStored(events),
    close: () => store.close(),
  };

  /** A person's snapshot sealed whole under their key; none for an erased person. */
  async function sealSnapshot(streamId: string, snapshot: Snapshot): Promise<Snapshot | undefined> {
    const person = USER_STREAM.exec(streamId)?.[1];
    if (person === undefined) return snapshot;
    try {
      return { ...snapshot, state: { sealed: await keys.seal(person, JSON.stringify(snapshot.state)) } };
    } catch (error) {
      if (error instanceof PersonErasedError) return undefined;
      throw error;
    }
  }

  async function openSnapshot(streamId: string, snapshot: Snapshot): Promise<Snapshot | undefined> {
    const sealed = (snapshot.state as { sealed?: unknown } | null)?.sealed;
    if (!USER_STREAM.test(streamId) || !isSealed(sealed)) return snapshot;
    const state = await keys.open(sealed);
    // An erased person's state is folded again from their events (their fields open empty).
    return isErased(state) ? undefined : { ...snapshot, state: JSON.parse(state) };
  }

  // A PostgreSQL store's append inside the caller's transaction, sealed the same way.
  const inTransaction = (store as { appendInTransaction?: unknown }).appendInTransaction;
  if (typeof inTransaction === 'function')
    Object.assign(sealing, {
      async appendInTransaction(client: unknown, appends: StreamAppend[], command?: AppendCommand) {
        const result = (await inTransaction.call(
          store,
          client,
          await sealAppends(appends),
          command,
        )) as AppendResult;
        return asAppended(appends, result);
      },
    });
  return sealing as S;
}
