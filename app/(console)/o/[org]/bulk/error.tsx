'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function BulkJobsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The bulk jobs could not be shown" />;
}
