'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedViewView } from '@/lib/views/saved-views';
import type { CreateViewInput, UpdateViewInput } from '@/lib/views/schemas';
import { apiFetch } from '@/lib/query/api-fetch';
import { viewKeys } from '@/lib/views/query-keys';

const viewsPath = (org: string) => `/api/o/${org}/views`;
const viewPath = (org: string, id: string) => `${viewsPath(org)}/${encodeURIComponent(id)}`;

/** The member's own views and the organization's shared ones (the sidebar and ⌘K read it). */
export function useSavedViews(org: string, enabled = true) {
  return useQuery({
    queryKey: viewKeys.list(org),
    queryFn: () => apiFetch<{ views: SavedViewView[] }>(viewsPath(org)),
    enabled,
    staleTime: 30_000,
  });
}

export function useCreateView(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateViewInput) => apiFetch<{ view: SavedViewView }>(viewsPath(org), { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.list(org) }),
  });
}

export function useUpdateView(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateViewInput }) =>
      apiFetch<{ view: SavedViewView }>(viewPath(org, id), { method: 'PATCH', json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.list(org) }),
  });
}

export function useDeleteView(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: true }>(viewPath(org, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.list(org) }),
  });
}
