'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function VehicleError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="This vehicle could not be shown" />;
}
