'use client';

import { SectionError } from '@/components/list/section-error';

export default function AccountError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="This account could not be shown" />;
}
