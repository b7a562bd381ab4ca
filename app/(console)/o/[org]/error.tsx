'use client';

import { SectionError } from '@/components/list/section-error';

export default function OverviewError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="This page could not be shown" />;
}
