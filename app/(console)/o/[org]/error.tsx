'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function OverviewError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="This page could not be shown" />;
}
