/**
 * Reproducible draws for the double's deterministic mode. Each draw is keyed (a transfer's
 * reference and what is being decided), so a transfer's fate depends on the seed and its reference
 * only, never on the order in which concurrent requests happen to arrive.
 */
import { createHash } from 'node:crypto';

/** A number in [0, 1) fixed by `seed` and `key`. */
export function seededDraw(seed: number | string, key: string): number {
  const digest = createHash('sha256').update(`${seed}:${key}`).digest();
  // 53 bits, the precision of a double: uniform in [0, 1).
  return (digest.readUInt32BE(0) * 2 ** 21 + (digest.readUInt32BE(4) >>> 11)) / 2 ** 53;
}

/** Picks one of `weights`' keys with probability proportional to its weight. */
export function seededChoice<K extends string>(
  seed: number | string,
  key: string,
  weights: Readonly<Partial<Record<K, number>>>,
): K | undefined {
  const entries = (Object.entries(weights) as [K, number][]).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total <= 0) return undefined;
  let point = seededDraw(seed, key) * total;
  for (const [choice, weight] of entries) {
    if (point < weight) return choice;
    point -= weight;
  }
  return entries[entries.length - 1]?.[0];
}
