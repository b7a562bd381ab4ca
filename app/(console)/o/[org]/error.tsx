'use client';

import { SectionError } from '@/components/list/section-error';

export default function OverviewError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="This page could not be shown" />;
}
