'use client';

import { SectionError } from '@/components/list/section-error';

export default function VehiclesError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The vehicles page could not be shown" />;
}
