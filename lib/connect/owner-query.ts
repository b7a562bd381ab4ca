'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerFaceInput, OwnerFaceSettingsView } from '@/lib/connect/face-schemas';
import type { MailLinkInput } from '@/lib/connect/mail-schemas';
import { apiFetch } from '@/lib/query/api-fetch';
import { connectKeys } from '@/lib/connect/query-keys';

const facePath = (org: string) => `/api/o/${org}/connect/face`;

/** The organization's face as owners see it on the landing page (Settings). */
export function useOwnerFace(org: string) {
  return useQuery({ queryKey: connectKeys.face(org), queryFn: () => apiFetch<OwnerFaceSettingsView>(facePath(org)) });
}

/** Saves the face; the answer is the face as stored (with the new logo's address). */
export function useSaveOwnerFace(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OwnerFaceInput) => apiFetch<OwnerFaceSettingsView>(facePath(org), { method: 'PUT', json: values }),
    onSuccess: (face) => queryClient.setQueryData(connectKeys.face(org), face),
  });
}

/** E-mails a pending link to the owner; the link is read again to show when it was sent. */
export function useMailConsentLink(org: string, linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MailLinkInput) =>
      apiFetch<{ mailedTo: string; mailedAt: string }>(`/api/o/${org}/connect/${encodeURIComponent(linkId)}/mail`, {
        method: 'POST',
        json: values,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: connectKeys.links(org) }),
  });
}
