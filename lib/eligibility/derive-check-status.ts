/**
 * The service has no status endpoint for an eligibility check: its state is read from the 202
 * answer and then from its per-VIN results. A result is open while PENDING or SUBMITTED.
 */
const OPEN_RESULT_STATUSES = new Set(['PENDING', 'SUBMITTED']);

export type DerivedCheckStatus = 'CREATED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

/**
 * `counts` per result status over every result page; `vinCount` how many VINs were sent;
 * `previous` the status kept so far (the 202 answer's at first).
 * - no result yet: the check is still as it was (CREATED unless the service said more);
 * - every VIN answered and none open: COMPLETED, or FAILED when every one FAILED;
 * - otherwise PROCESSING.
 */
export function deriveCheckStatus(counts: Record<string, number>, vinCount: number, previous: string): DerivedCheckStatus | string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total === 0) return previous;
  const open = Object.entries(counts).reduce((sum, [status, n]) => (OPEN_RESULT_STATUSES.has(status) ? sum + n : sum), 0);
  const started = Object.entries(counts).some(([status, n]) => status !== 'PENDING' && n > 0);
  if (open === 0 && total >= vinCount) return counts.FAILED === total ? 'FAILED' : 'COMPLETED';
  return started ? 'PROCESSING' : previous;
}
