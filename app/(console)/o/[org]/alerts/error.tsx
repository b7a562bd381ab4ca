'use client';

import { SectionError } from '@/components/list/section-error';

export default function AlertsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The alerts could not be shown" />;
}
