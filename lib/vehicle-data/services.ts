import type { Tone } from '@/lib/tone';

/** The vendor's published service types [V]; any other value is shown as it came. */
const SERVICE_TYPES: Record<string, string> = {
  FULL_SERVICE: 'Full service',
  HEALTH_CHECK: 'Health check',
  STATUTORY: 'Statutory inspection',
  OIL_CHANGE: 'Oil change',
};

/** The vendor's published service statuses [V], each with a tone and words. */
const SERVICE_STATUSES: Record<string, { tone: Tone; text: string }> = {
  PENDING: { tone: 'pending', text: 'Due' },
  NO_SERVICE_DUE: { tone: 'success', text: 'Nothing due' },
  IN_SERVICE: { tone: 'info', text: 'In service' },
  NOT_IN_SERVICE_UNKNOWN_IF_DUE: { tone: 'neutral', text: 'Unknown if due' },
};

export function serviceTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Service';
  return SERVICE_TYPES[type] ?? type;
}

export function serviceStatusLook(status: string | null | undefined): { tone: Tone; text: string } {
  if (!status) return { tone: 'neutral', text: 'Unknown' };
  return SERVICE_STATUSES[status] ?? { tone: 'neutral', text: status };
}
