'use client';

import { SectionError } from '@/components/list/section-error';

export default function CheckError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="This check could not be shown" />;
}
