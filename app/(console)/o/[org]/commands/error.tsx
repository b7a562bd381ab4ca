'use client';

import { SectionError } from '@/components/list/section-error';

export default function CommandsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The command history could not be shown" />;
}
