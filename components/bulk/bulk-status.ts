import type { BulkJobView } from '@/lib/bulk/bulk-job-view';
import type { Tone } from '@/lib/tone';

/** A job's status as a word and a tone, the same on the list and the job's page. */
export const BULK_STATUS_WORDS: Record<BulkJobView['status'], { tone: Tone; text: string }> = {
  running: { tone: 'pending', text: 'Running' },
  paused: { tone: 'neutral', text: 'Paused' },
  cancelled: { tone: 'danger', text: 'Cancelled' },
  done: { tone: 'success', text: 'Done' },
};
