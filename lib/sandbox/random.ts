/** Deterministic pseudo-random numbers: the same seed always yields the same fleet. */

export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for test data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a over the parts, to derive independent seeds (per vehicle, per hour...) from one seed. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const HEX = '0123456789abcdef';
export function hexString(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += HEX[Math.floor(rng() * 16)];
  return out;
}
