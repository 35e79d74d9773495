import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { reportError } from './error-reporting.ts';

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Every failed query is reported (clinician-portal §8: "A 404 is also reported"), except an ended session, which leads to sign-in instead. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.isSessionError) return;
        reportError(error, 'api');
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will answer the same on retry; network blips and 5xx get one more try.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
