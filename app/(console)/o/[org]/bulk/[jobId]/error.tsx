'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function BulkJobError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The bulk job could not be shown" />;
}
