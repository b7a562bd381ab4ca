/** How often a browser asks about a pending execution: about every second at first, backing off to five. */
export function pollDelayMs(ageMs: number): number {
  if (ageMs < 10_000) return 1_000;
  if (ageMs < 30_000) return 2_000;
  return 5_000;
}
