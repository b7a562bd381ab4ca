'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { SectionCard } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/states';

/** The notification e-mail form loads after the settings page: most visits never change it. */
export const DeliveryPreferencesSection = clientLazy(
  () => import('./delivery-preferences-panel').then((m) => m.DeliveryPreferencesPanel),
  () => (
    <SectionCard id="notification-delivery" title="Your notification e-mail">
      <LoadingRows label="Loading your notification e-mail settings" rows={3} />
    </SectionCard>
  ),
);
