'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function ConnectError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The Connect page could not be shown" />;
}
