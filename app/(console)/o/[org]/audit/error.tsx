'use client';

import { SectionError } from '@/components/list/section-error';

export default function AuditError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The audit trail could not be shown" />;
}
