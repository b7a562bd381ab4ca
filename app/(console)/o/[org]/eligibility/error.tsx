'use client';

import { SectionError } from '@/components/list/section-error';

export default function EligibilityError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The Eligibility page could not be shown" />;
}
