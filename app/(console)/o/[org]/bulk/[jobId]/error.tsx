'use client';

import { SectionError } from '@/components/list/section-error';

export default function BulkJobError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The bulk job could not be shown" />;
}
