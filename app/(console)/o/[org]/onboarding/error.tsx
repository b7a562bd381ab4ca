'use client';

import { SectionError } from '@/components/list/section-error';

export default function OnboardingError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError error={props.error} onRetry={props.reset} title="The onboarding could not be shown" />;
}
