import { withOrg } from '@/lib/bff/with-org';
import { listOnboarding } from '@/lib/onboarding/server/list-onboarding';
import { onboardingQuerySchema } from '@/lib/onboarding/schemas';

export const GET = withOrg(({ query, ...access }) => listOnboarding(access, query), {
  permission: 'connect.read',
  query: onboardingQuerySchema,
});
