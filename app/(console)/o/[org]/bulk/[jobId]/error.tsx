'use client';

import { SectionError } from '@/components/list/section-error';

export default function BulkJobError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The bulk job could not be shown" />;
}
