'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function AlertsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The alerts could not be shown" />;
}
