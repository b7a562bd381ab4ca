'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function NotificationsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The notifications could not be shown" />;
}
