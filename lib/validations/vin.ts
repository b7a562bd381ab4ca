/**
 * What makes a VIN well formed: 17 letters and digits, never I, O or Q (ISO 3779; the contract
 * asks for 17 alphanumerics, and VINs exclude the three letters that read as 1 and 0).
 */
export const VIN_LENGTH = 17;

export function normalizeVin(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Why this is not a VIN, in words a person can act on; null when it is one. */
export function vinProblem(raw: string): string | null {
  const vin = normalizeVin(raw);
  if (!vin) return 'The VIN is missing.';
  if (/[^A-Z0-9]/.test(vin)) return 'A VIN has only letters and digits (no spaces, dashes or other signs).';
  if (vin.length !== VIN_LENGTH) return `A VIN has exactly ${VIN_LENGTH} characters; this one has ${vin.length}.`;
  const misread = [...new Set(vin.match(/[IOQ]/g) ?? [])];
  if (misread.length) return `A VIN never contains the letters I, O or Q (found ${misread.join(', ')}); check for 1 and 0.`;
  return null;
}
