import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { ReportsView } from '@/components/reports/reports-view';

export const metadata: Metadata = { title: 'Reports' };

export default orgSectionPage(ReportsView, {
  permission: 'reports.read',
  title: 'Reports',
  description:
    'What the fleet did over a month, a quarter or any range: distance, driving, charging, idle days and battery health per vehicle, from Motorpool’s history store.',
  loading: { label: 'Loading the report', rows: 6 },
});
