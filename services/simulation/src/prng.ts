/**
 * mulberry32 (Tommy Ettinger's 32-bit generator): tiny, fast, and the same sequence on every
 * machine for a given seed. Every choice of the simulation is drawn from one of these.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the keys, weighted by its value (weights of 0 never come up). */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = (Object.entries(weights) as [K, number][]).filter(([, w]) => w > 0);
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** A 32-bit seed for a child generator, so one stream's draws do not shift another's. */
  fork(): Prng {
    return new Prng(Math.floor(this.next() * 4294967296));
  }
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
