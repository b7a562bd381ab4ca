'use client';

import { SectionError } from '@/components/list/section-error';

export default function AuditError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The audit trail could not be shown" />;
}
