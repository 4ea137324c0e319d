// Seeded randomness for the pure core: the bootstrap resamples with it, and test data is generated with it. Same seed →
// same stream on every platform (32-bit integer arithmetic only), so the data set stays byte-deterministic.

/** mulberry32: tiny, fast, good enough for resampling and test data; deterministic across platforms. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a string (FNV-1a), so each cell or row gets its own stream whatever else the data set holds. */
export function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
