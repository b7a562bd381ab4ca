import { withOrg } from '@/lib/bff/with-org';
import { listOnboarding } from '@/lib/connect/server/list-onboarding';
import { onboardingQuerySchema } from '@/lib/validations/onboarding';

export const GET = withOrg(({ query, ...access }) => listOnboarding(access, query), {
  permission: 'connect.read',
  query: onboardingQuerySchema,
});
