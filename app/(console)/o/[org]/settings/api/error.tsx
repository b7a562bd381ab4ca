'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function ApiReferenceError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The API reference could not be shown" />;
}
