'use client';

// Consent and reconnection reads: their own module, loaded by the components that show them
// (behind clientLazy), so the accounts pages' first load does not carry them.

import { useQuery } from '@tanstack/react-query';
import type { AccountConsentView } from '@/lib/connect/account-consent';
import { apiFetch } from '@/lib/query/api-fetch';
import { accountKeys } from '@/lib/accounts/query-keys';

/** Consent at a glance of an account (or of one of its vehicles): the connecting link, its health and the scopes found missing. */
export function useAccountConsent(org: string, accountId: string, vehicleId: string | null = null) {
  const query = vehicleId ? `?${new URLSearchParams({ vehicleId })}` : '';
  return useQuery({
    queryKey: accountKeys.consent(org, accountId, vehicleId),
    queryFn: () => apiFetch<{ consent: AccountConsentView }>(`/api/o/${org}/accounts/${encodeURIComponent(accountId)}/consent${query}`),
  });
}

export type DisconnectedAccount = {
  accountId: string;
  disconnectedAt: string | null;
  connectedAt: string | null;
  makes: string[];
  linkKnown: boolean;
};

/** Accounts Motorpool connected or disconnected that the Vehicle API no longer lists. */
export function useDisconnectedAccounts(org: string) {
  return useQuery({
    queryKey: accountKeys.disconnected(org),
    queryFn: () => apiFetch<{ items: DisconnectedAccount[]; checked: number }>(`/api/o/${org}/accounts/disconnected`),
  });
}
