'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function EligibilityError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The Eligibility page could not be shown" />;
}
