'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function AuditError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The audit trail could not be shown" />;
}
