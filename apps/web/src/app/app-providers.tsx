import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';

/** The server renders each page with its own data client (src/entry-server.tsx); the browser has one. */
export const RenderQueryClient = createContext<QueryClient | null>(null);

/** The data client and the toaster (one toast at a time) for every page that fetches or notifies. */
export function AppProviders({ children }: { children: ReactNode }) {
  const client = useContext(RenderQueryClient) ?? queryClient;
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster visibleToasts={1} position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
