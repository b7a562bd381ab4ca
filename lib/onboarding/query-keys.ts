export const onboardingKeys = {
  list: (org: string, query: string) => ['onboarding', org, query] as const,
};
