'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function CheckError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="This check could not be shown" />;
}
