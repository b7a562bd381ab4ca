import { withOrg } from '@/lib/bff/with-org';
import { listOnboarding } from '@/lib/connect/server/list-onboarding';
import { onboardingQuerySchema } from '@/lib/validations/onboarding';

export const GET = withOrg(({ org, query }) => listOnboarding(org, query), {
  permission: 'connect.read',
  query: onboardingQuerySchema,
});
