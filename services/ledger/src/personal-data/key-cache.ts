/**
 * Unwrapped data keys kept in memory, at most `maxKeys`, the least recently used leaving first. A
 * key is kept `ttlMs` at most, so a key another process destroyed stops opening here within that
 * time; a destroyed key is remembered as destroyed (for good: a key is never made again).
 */
export const DESTROYED = Symbol('destroyed data key');
export type CachedKey = Buffer | typeof DESTROYED;

export interface KeyCacheOptions {
  /** How many people's keys are kept; default 10,000. */
  maxKeys?: number;
  /** How long an unwrapped key is kept, in milliseconds; default 60,000. */
  ttlMs?: number;
  /** The clock, in milliseconds (Date.now). */
  now?: () => number;
}

export class KeyCache {
  private readonly entries = new Map<string, { key: CachedKey; until: number }>();
  private readonly maxKeys: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor({ maxKeys = 10_000, ttlMs = 60_000, now = Date.now }: KeyCacheOptions = {}) {
    if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError('maxKeys must be a whole number ≥ 1');
    this.maxKeys = maxKeys;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(subject: string): CachedKey | undefined {
    const entry = this.entries.get(subject);
    if (!entry) return undefined;
    this.entries.delete(subject);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(subject, entry);
    return entry.key;
  }

  set(subject: string, key: CachedKey): void {
    // Destruction is final: a key read before it, arriving after, does not bring the key back.
    if (key !== DESTROYED && this.entries.get(subject)?.key === DESTROYED) return;
    this.entries.delete(subject);
    this.entries.set(subject, { key, until: key === DESTROYED ? Infinity : this.now() + this.ttlMs });
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
