import { QueryClient } from '@tanstack/react-query';

/** Data fetching does not retry and does not refetch when the window regains focus (docs/product-rules.md#constants). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
