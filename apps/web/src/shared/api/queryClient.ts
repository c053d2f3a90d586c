import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline, a GET is still tried: the participant app's service worker answers it from its cache.
      networkMode: 'offlineFirst',
      // Client errors (4xx) will not change on retry; network and server errors get one more try.
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 1,
    },
  },
});
