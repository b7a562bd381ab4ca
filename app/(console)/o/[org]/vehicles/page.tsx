import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { VehiclesBrowser } from '@/components/vehicles/vehicles-browser';

export const metadata: Metadata = { title: 'Vehicles' };

export default orgSectionPage(VehiclesBrowser, {
  permission: 'vehicles.read',
  title: 'Vehicles',
  description:
    'Every connected vehicle, one page at a time. Filter by field, tag or state, open one by VIN, plate or id, act on the rows you select, export what matches.',
  loading: { label: 'Loading vehicles', rows: 8 },
});
