import { QueryClient } from '@tanstack/react-query';

/** One factory so every browser tab and test gets the same defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status;
          if (status !== undefined && status < 500 && status !== 429) return false;
          return failureCount < 2;
        },
      },
    },
  });
}
