'use client';

import { SectionError } from '@/components/list/section-error';

export default function VehicleError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="This vehicle could not be shown" />;
}
