'use client';

import { SectionError } from '@/components/list/section-error';

export default function ConnectError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The Connect page could not be shown" />;
}
