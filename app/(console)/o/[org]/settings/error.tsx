'use client';

import { SegmentError } from '@/components/list/segment-error';

export default function SettingsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError error={props.error} onRetry={props.reset} title="The settings could not be shown" />;
}
