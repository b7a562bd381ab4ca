'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query/query-client';

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // Polling is the fallback of the console's live stream, which pauses it on this client when it starts.
  const [queryClient] = useState(createQueryClient);
  // Marks the shell as hydrated (the page's streamed parts may still follow): the e2e suite waits
  // for it and for every Suspense boundary before acting, since a click that lands before a part
  // hydrates changes state the server's HTML was rendered without (React error 418).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster closeButton position="bottom-right" />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
