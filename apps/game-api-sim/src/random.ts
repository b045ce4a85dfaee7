/**
 * A small seeded PRNG (mulberry32) so that the demo data is the same on every start with the same
 * seed: screenshots, end-to-end tests and bug reports can rely on it. Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped UUID, like the user ids of Keycloak. */
  uuid(): string;
}

/** Mixes numbers into one 32-bit seed (FNV-1a over their 32-bit words), e.g. seed and week index. */
export function mixSeed(...parts: number[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    let word = part | 0;
    for (let byte = 0; byte < 4; byte++) {
      hash ^= word & 0xff;
      hash = Math.imul(hash, 0x01000193);
      word >>>= 8;
    }
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    // Partial Fisher–Yates: the first `count` slots end up a uniform random sample.
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = int(i, pool.length - 1);
      const a = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = a;
    }
    return pool.slice(0, n);
  };
  const hex = (length: number): string => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  const uuid = (): string =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  return { next, int, chance: (p) => next() < p, pick, sample, uuid };
}
