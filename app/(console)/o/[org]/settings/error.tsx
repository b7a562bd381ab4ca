'use client';

import { SectionError } from '@/components/list/section-error';

export default function SettingsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The settings could not be shown" />;
}
