'use client';

import { SectionError } from '@/components/list/section-error';

export default function AccountsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The accounts page could not be shown" />;
}
