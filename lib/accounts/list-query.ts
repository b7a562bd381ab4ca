'use client';

// Lists whose page and filter live in the URL: their hooks bring nuqs, so they stay out of query.ts
// and a page that reads one record does not load it.

import type { AccountRecord } from '@/lib/vehicles/types';
import { useCursorList } from '@/lib/list/use-cursor-list';
import { accountKeys } from '@/lib/accounts/query-keys';

/** The OEM accounts, a cursor-paged list whose page and filter live in the URL. */
export function useAccountList(org: string) {
  return useCursorList<AccountRecord>({ endpoint: `/api/o/${org}/accounts`, keyOf: (q) => accountKeys.list(org, q) });
}
