import type { Tone } from '@/lib/tone';
import type { BULK_CONNECTION_RESULT_STATUSES, BULK_STATUSES, ELIGIBILITY_RESULT_STATUSES } from '@/lib/contract/vehicle-api';

type Look = { tone: Tone; text: string };

/** Status of a check or a bulk connection group. */
export const GROUP_STATUS: Record<(typeof BULK_STATUSES)[number], Look> = {
  CREATED: { tone: 'pending', text: 'Queued' },
  PROCESSING: { tone: 'pending', text: 'Processing' },
  COMPLETED: { tone: 'success', text: 'Completed' },
  FAILED: { tone: 'danger', text: 'Failed' },
};

export const ELIGIBILITY_RESULT_STATUS: Record<(typeof ELIGIBILITY_RESULT_STATUSES)[number], Look> = {
  ELIGIBLE: { tone: 'success', text: 'Eligible' },
  INELIGIBLE: { tone: 'danger', text: 'Not eligible' },
  INELIGIBLE_PENDING_FAILURE_REASON: { tone: 'danger', text: 'Not eligible (reason to follow)' },
  NOT_SUPPORTED: { tone: 'neutral', text: 'Not supported' },
  VALIDATION_ERROR: { tone: 'danger', text: 'Invalid input' },
  PENDING: { tone: 'pending', text: 'Pending' },
  SUBMITTED: { tone: 'pending', text: 'Submitted' },
  FAILED: { tone: 'danger', text: 'Failed' },
};

export const BULK_RESULT_STATUS: Record<(typeof BULK_CONNECTION_RESULT_STATUSES)[number], Look> = {
  CONNECTED: { tone: 'success', text: 'Connected' },
  PROCESSING: { tone: 'pending', text: 'Processing' },
  PENDING: { tone: 'pending', text: 'Pending' },
  CONNECTION_REQUIRED: { tone: 'info', text: 'Owner consent needed' },
  INCOMPATIBLE: { tone: 'neutral', text: 'Incompatible' },
  ERROR: { tone: 'danger', text: 'Error' },
};

/** Whether a check or a bulk connection group is done: the service moves it no further, so nothing polls it. */
export function isSettledGroup(status: string | null | undefined): boolean {
  return status === 'COMPLETED' || status === 'FAILED';
}

/** A status from one of the maps, or the raw value in grey: the upstream may add statuses. */
export function lookOf(map: Record<string, Look>, status: string | null | undefined): Look {
  return (status && map[status]) || { tone: 'neutral', text: status ?? 'Unknown' };
}

/** "412 eligible · 60 not eligible · 28 other" from a check's stored counts. */
export function summarizeCounts(counts: Record<string, number>): string {
  const eligible = counts.ELIGIBLE ?? 0;
  const ineligible = (counts.INELIGIBLE ?? 0) + (counts.INELIGIBLE_PENDING_FAILURE_REASON ?? 0);
  const other = Object.entries(counts).reduce((sum, [k, v]) => (k === 'ELIGIBLE' || k.startsWith('INELIGIBLE') ? sum : sum + v), 0);
  return [`${eligible} eligible`, `${ineligible} not eligible`, ...(other ? [`${other} other`] : [])].join(' · ');
}

/** A result row the service answered as not eligible, as kept with the check. */
export type IneligibleRow = { rowId: string | null; vin: string | null; status: string; reason: string | null };

const OPEN_RESULT_STATUSES = new Set(['PENDING', 'SUBMITTED']);

/** Any answered status but ELIGIBLE: not eligible, not supported, invalid, failed. */
export function isIneligibleStatus(status: string): boolean {
  return status !== 'ELIGIBLE' && !OPEN_RESULT_STATUSES.has(status);
}
