'use client';

import { useQuery } from '@tanstack/react-query';
import type { OnboardingItem } from '@/lib/onboarding/onboarding';
import { apiFetch } from '@/lib/query/api-fetch';
import { onboardingKeys } from '@/lib/onboarding/query-keys';

/** Every connection's stage; `query` is the filter part of the page's URL. */
export function useOnboarding(org: string, query: string) {
  return useQuery({
    queryKey: onboardingKeys.list(org, query),
    queryFn: () => apiFetch<{ items: OnboardingItem[]; checkedAccounts: number }>(`/api/o/${org}/onboarding?${query}`),
  });
}
