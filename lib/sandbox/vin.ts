/** Valid 17-character VINs (ISO 3779): no I, O or Q, with the North American check digit in position 9. */

import { type Rng, pick } from './random';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'.split('');
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function charValue(c: string): number {
  return /[0-9]/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0);
}

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charValue(vin[i]) * WEIGHTS[i];
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function hasValidCheckDigit(vin: string): boolean {
  return vin.length === 17 && vin[8] === vinCheckDigit(vin.toUpperCase());
}

/** Model year code of position 10 (cycle starting 2010 = 'A'). */
function yearCode(modelYear: number): string {
  return YEAR_CODES[(modelYear - 2010) % 30];
}

export function generateVin(rng: Rng, wmi: string, modelYear: number): string {
  let vds = '';
  for (let i = 0; i < 5; i++) vds += pick(rng, VIN_CHARS);
  let serial = pick(rng, VIN_CHARS);
  for (let i = 0; i < 6; i++) serial += String(Math.floor(rng() * 10));
  const draft = `${wmi}${vds}0${yearCode(modelYear)}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
