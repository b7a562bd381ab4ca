import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { EligibilityWorkspace } from '@/components/eligibility/eligibility-workspace';

export const metadata: Metadata = { title: 'Eligibility' };

export default orgSectionPage(EligibilityWorkspace, {
  permission: 'eligibility.read',
  title: 'Eligibility',
  description: 'Check which vehicles can be connected before asking their owners, and follow bulk connection requests.',
  loading: { label: 'Loading checks' },
});
