import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { BulkJobList } from '@/components/bulk/bulk-job-list';

export const metadata: Metadata = { title: 'Bulk jobs' };

export default orgSectionPage(BulkJobList, {
  permission: 'vehicles.read',
  title: 'Bulk jobs',
  description:
    'Tags, listening switches and commands sent to many vehicles at once: who started each, how every vehicle ended, and a retry of the failed ones.',
});
