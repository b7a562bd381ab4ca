import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { OnboardingBoard } from '@/components/onboarding/onboarding-board';

export const metadata: Metadata = { title: 'Onboarding' };

export default orgSectionPage(OnboardingBoard, {
  permission: 'connect.read',
  title: 'Onboarding',
  description:
    'Every consent link from its creation to the first data of its vehicles, and every VIN list from its eligibility check to its connection results: where it stands, since when, and the next step.',
  loading: { label: 'Loading onboarding' },
});
