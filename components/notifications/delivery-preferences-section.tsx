'use client';

import dynamic from 'next/dynamic';
import { SectionCard } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/states';

/** The notification e-mail form loads after the settings page: most visits never change it. */
export const DeliveryPreferencesSection = dynamic(() => import('./delivery-preferences-panel').then((m) => m.DeliveryPreferencesPanel), {
  ssr: false,
  loading: () => (
    <SectionCard id="notification-delivery" title="Your notification e-mail">
      <LoadingRows label="Loading your notification e-mail settings" rows={3} />
    </SectionCard>
  ),
});
