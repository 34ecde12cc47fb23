import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { createAppRouter } from './router.tsx';

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only network trouble and 5xx, once.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
    },
  });

/** Providers (server state, UI state) around the router. */
export const App = () => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <RouterProvider router={router} />
      </JotaiProvider>
    </QueryClientProvider>
  );
};
