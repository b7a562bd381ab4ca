'use client';

import { SectionError } from '@/components/list/section-error';

export default function VehiclesError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError {...props} title="The vehicles page could not be shown" />;
}
