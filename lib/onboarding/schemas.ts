import * as z from '@/lib/validations/zod';
import { ONBOARDING_STAGES } from '@/lib/onboarding/onboarding';

export const onboardingQuerySchema = z.object({
  stage: z.optional(z.enum(ONBOARDING_STAGES)),
  /** Only items waiting on someone for more than this many hours. */
  stuckHours: z.optional(z.coerceNumber().check(z.gte(0), z.lte(24 * 365))),
  createdBy: z.optional(z.string().check(z.maxLength(320))),
});
export type OnboardingQuery = z.infer<typeof onboardingQuerySchema>;
