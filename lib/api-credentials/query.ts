'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { ApiCredentialView, CreatedApiCredential } from './api-credential';
import { apiCredentialKeys } from './query-keys';
import { sendTry } from './try-operation';
import type { CreateApiCredentialInput } from './schemas';

export function useApiCredentials(org: string) {
  return useQuery({
    queryKey: apiCredentialKeys.list(org),
    queryFn: () => apiFetch<{ credentials: ApiCredentialView[] }>(`/api/o/${org}/api-credentials`),
  });
}

/** Creates a credential; the answer's secret is the only copy the browser ever gets. */
export function useCreateApiCredential(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiCredentialInput) =>
      apiFetch<CreatedApiCredential>(`/api/o/${org}/api-credentials`, { method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiCredentialKeys.list(org) }),
  });
}

export function useRevokeApiCredential(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/o/${org}/api-credentials/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiCredentialKeys.list(org) }),
  });
}

/** The reference page's try of a GET operation with the person's own session: the answer whatever its status. */
export function useTryOperation() {
  return useMutation({ mutationFn: (url: string) => sendTry(url) });
}
