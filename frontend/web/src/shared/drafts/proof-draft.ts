/**
 * The campaign a person is working on, and the screenshot they chose for it, kept on the device
 * (IndexedDB holds the file) so neither is lost when the phone's browser discards the tab while
 * they are in another app, or when a submission could not be sent offline. One draft at a time,
 * under the signed-in user's id: another account never sees it, and a logout clears it.
 */

export interface ProofDraft {
  userId: string;
  campaignId: string;
  /** The chosen (already shrunk) screenshot, or null while none is chosen yet. */
  file: File | null;
  /** When the file could not be sent (offline): it is sent again when the connection returns. */
  waitingToSend: boolean;
  savedAt: number;
}

/** The record as kept on the device; drafts saved before keep the campaign's id as `taskId`. */
interface StoredDraft {
  userId: string;
  taskId: string;
  file: Blob | null;
  name: string;
  type: string;
  waitingToSend: boolean;
  savedAt: number;
}

const DATABASE = 'kobo';
const STORE = 'drafts';
const KEY = 'proof';

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    });
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

/** The stored record as a draft for `userId`, or null when it is another account's or malformed. */
export function draftFor(stored: unknown, userId: string): ProofDraft | null {
  const record = stored as Partial<StoredDraft> | null | undefined;
  if (!record || record.userId !== userId || typeof record.taskId !== 'string') return null;
  const file =
    record.file instanceof Blob
      ? new File([record.file], record.name || 'screenshot', { type: record.type || record.file.type })
      : null;
  return {
    userId,
    campaignId: record.taskId,
    file,
    waitingToSend: Boolean(record.waitingToSend && file),
    savedAt: record.savedAt ?? 0,
  };
}

export async function saveProofDraft(draft: Omit<ProofDraft, 'savedAt'>): Promise<void> {
  const record: StoredDraft = {
    userId: draft.userId,
    taskId: draft.campaignId,
    // Stored as a plain Blob: every browser with IndexedDB keeps one.
    file: draft.file ? new Blob([draft.file], { type: draft.file.type }) : null,
    name: draft.file?.name ?? '',
    type: draft.file?.type ?? '',
    waitingToSend: draft.waitingToSend,
    savedAt: Date.now(),
  };
  await run('readwrite', (store) => store.put(record, KEY));
}

/** `userId`'s draft, if one is kept (another account's is cleared). */
export async function loadProofDraft(userId: string): Promise<ProofDraft | null> {
  const stored = await run('readonly', (store) => store.get(KEY));
  const draft = draftFor(stored, userId);
  if (!draft && stored) await clearProofDraft();
  return draft;
}

export async function clearProofDraft(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
