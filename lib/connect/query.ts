'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayStatus } from '@/lib/connect/link-filters';
import type { ConsentLinkView } from '@/lib/connect/links';
import type { ConnectLinkRequest } from '@/lib/connect/schemas';
import { apiFetch } from '@/lib/query/api-fetch';
import { connectKeys } from '@/lib/connect/query-keys';

const linksPath = (org: string) => `/api/o/${org}/connect`;

/** The organization's consent links (of one display status, or all), read again while any is pending. */
export function useConsentLinks(org: string, status: string | null) {
  return useQuery({
    queryKey: connectKeys.list(org, status ?? ''),
    queryFn: () => apiFetch<{ links: ConsentLinkView[] }>(`${linksPath(org)}${status ? `?status=${status}` : ''}`),
    refetchInterval: (q) => (q.state.data?.links.some((l) => displayStatus(l, Date.now()) === 'PENDING') ? 10_000 : false),
  });
}

/** One consent link; the landing page settles it when the owner comes back, so it is looked for while that may happen. */
export function useConsentLink(org: string, linkId: string) {
  return useQuery({
    queryKey: connectKeys.link(org, linkId),
    queryFn: () => apiFetch<{ link: ConsentLinkView }>(`${linksPath(org)}/${encodeURIComponent(linkId)}`),
    refetchInterval: (q) => (q.state.data && displayStatus(q.state.data.link, Date.now()) === 'PENDING' ? 5_000 : false),
  });
}

/** Creates a consent link: it is shown at once (seeded into its entry) and the lists are read again. */
export function useCreateConsentLink(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ConnectLinkRequest) =>
      apiFetch<{ link: ConsentLinkView; mailError?: string | null }>(linksPath(org), { method: 'POST', json: values }),
    onSuccess: ({ link }) => {
      queryClient.setQueryData(connectKeys.link(org, link.id), { link });
      void queryClient.invalidateQueries({ queryKey: connectKeys.links(org) });
    },
  });
}
