'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function CommandsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The command history could not be shown" />;
}
