'use client';

import { SectionError } from '@/components/list/section-error';

export default function CommandsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The command history could not be shown" />;
}
