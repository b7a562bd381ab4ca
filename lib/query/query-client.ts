import { QueryClient } from '@tanstack/react-query';
import { queryRetryDelayMs, shouldRetryQuery } from './retry-policy';

/** One factory so every browser tab and test gets the same defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelayMs,
      },
    },
  });
}
