'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import { useEffect, useState, type ReactNode } from 'react';
import { StepUpPrompt } from '@/components/profile/step-up-prompt';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query/query-client';

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // Polling is the fallback of the console's live stream, which pauses it on this client when it starts.
  const [queryClient] = useState(createQueryClient);
  // Marks the page as interactive: the e2e suite waits for it before acting, since a click that
  // lands before hydration changes state the server's HTML was rendered without (React error 418).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster closeButton position="bottom-right" />
        <StepUpPrompt />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
