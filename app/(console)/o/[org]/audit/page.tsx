import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { AuditLog } from '@/components/audit/audit-log';

export const metadata: Metadata = { title: 'Audit' };

export default orgSectionPage(AuditLog, {
  permission: 'audit.read',
  title: 'Audit trail',
  description:
    'Every change made through Motorpool, sign-ins included: who, when, what, the outcome and the upstream request id. Entries are never edited or deleted.',
});
