/**
 * Seeded randomness for the paper broker. `Math.random` is banned in the robot (decisions must
 * replay), so every draw comes from these two small, well-known functions.
 */

/**
 * mulberry32: a 32-bit seeded generator returning floats in [0, 1).
 * @example const next = mulberry32(42); next(); // same sequence for seed 42, every run
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * FNV-1a hash of a string to an unsigned 32-bit integer.
 * @example hashString('EURUSD'); // a stable uint32
 */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Mixes integers into one uint32 key (murmur3 finaliser per word), so neighbouring keys such as
 * consecutive seconds give unrelated seeds.
 * @example mixKeys(1, 2, 3) !== mixKeys(1, 2, 4)
 */
export function mixKeys(...words: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const word of words) {
    // Instants exceed 32 bits: fold the high part in separately so no information is lost.
    const high = Math.floor(word / 4294967296);
    for (const part of [word >>> 0, high >>> 0]) {
      let k = Math.imul(part, 0xcc9e2d51);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, 0x1b873593);
      h ^= k;
      h = (h << 13) | (h >>> 19);
      h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
