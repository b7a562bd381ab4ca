'use client';

import { SectionError } from '@/components/list/section-error';

export default function CheckError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="This check could not be shown" />;
}
