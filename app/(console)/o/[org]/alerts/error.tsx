'use client';

import { SectionError } from '@/components/list/section-error';

export default function AlertsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The alerts could not be shown" />;
}
