'use client';

import { SectionError } from '@/components/fleet/section-error';

export default function AuditError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The audit trail could not be shown" />;
}
