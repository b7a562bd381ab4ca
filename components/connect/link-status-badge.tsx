import { StatusBadge } from '@/components/ui/status-badge';
import type { Tone } from '@/lib/tone';
import type { LinkDisplayStatus } from '@/lib/connect/link-filters';

const LOOK: Record<LinkDisplayStatus, { tone: Tone; text: string }> = {
  PENDING: { tone: 'pending', text: 'Pending' },
  COMPLETED: { tone: 'success', text: 'Completed' },
  FAILED: { tone: 'danger', text: 'Failed' },
  EXPIRED: { tone: 'neutral', text: 'Expired' },
};

export function LinkStatusBadge({ status }: { status: LinkDisplayStatus }) {
  const look = LOOK[status] ?? LOOK.EXPIRED;
  return <StatusBadge tone={look.tone}>{look.text}</StatusBadge>;
}
