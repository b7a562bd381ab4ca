import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { FleetAlerts } from '@/components/alerts/fleet-alerts';

export const metadata: Metadata = { title: 'Alerts' };

export default orgSectionPage(FleetAlerts, {
  permission: 'vehicles.read',
  title: 'Alerts',
  description: 'Platform alerts the Vehicle API raised about your vehicles, most urgent first, with the steps that resolve them.',
});
