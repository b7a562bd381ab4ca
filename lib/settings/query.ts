'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { CredentialsInput } from '@/lib/settings/schemas';
import type { Tariff, TariffView } from '@/lib/settings/tariff';
import { settingsKeys } from '@/lib/settings/query-keys';

/** The organization's Vehicle API connection as the settings route shows it (never the secret). */
export type SettingsView = {
  environment: 'embedded' | 'custom';
  baseUrl: string | null;
  clientId: string;
  embeddedAvailable: boolean;
  /** Whether the organization's admins and managers must have a second factor. */
  requireSecondFactor: boolean;
  updatedAt: string;
};
export type ConnectionTestResult = { clientId: string; organizationId: string; requestId?: string; durationMs: number };

export function useSettings(org: string) {
  return useQuery({ queryKey: settingsKeys.settings(org), queryFn: () => apiFetch<SettingsView>(`/api/o/${org}/settings`) });
}

export function useSaveCredentials(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CredentialsInput) => apiFetch(`/api/o/${org}/settings/credentials`, { method: 'PUT', json: values }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.settings(org) }),
  });
}

/** Requires (or not) a second factor of the organization's admins and managers. */
export function useSetSecondFactorRequirement(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => apiFetch(`/api/o/${org}/settings/second-factor`, { method: 'PUT', json: { required } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.settings(org) }),
  });
}

/** Asks the Vehicle API for a token with the stored credentials. */
export function useTestConnection(org: string) {
  return useMutation({
    mutationFn: () => apiFetch<ConnectionTestResult>(`/api/o/${org}/settings/test-connection`, { method: 'POST' }),
  });
}

/** The organization's charging tariff (null: none set, charging costs are not computed). */
export function useTariff(org: string) {
  return useQuery({
    queryKey: settingsKeys.tariff(org),
    queryFn: () => apiFetch<{ tariff: TariffView | null }>(`/api/o/${org}/settings/tariff`),
  });
}

export function useSaveTariff(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Tariff) => apiFetch<{ tariff: TariffView }>(`/api/o/${org}/settings/tariff`, { method: 'PUT', json: values }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.tariff(org), data),
  });
}

export function useRemoveTariff(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/o/${org}/settings/tariff`, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(settingsKeys.tariff(org), { tariff: null }),
  });
}
