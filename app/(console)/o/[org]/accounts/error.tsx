'use client';

import { SectionError } from '@/components/list/section-error';

export default function AccountsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The accounts page could not be shown" />;
}
