'use client';

import { SectionError } from '@/components/list/section-error';

export default function OnboardingError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The onboarding could not be shown" />;
}
