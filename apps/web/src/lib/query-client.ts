import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './request';

/**
 * Server state. Queries retry once, and only when the network failed (a business refusal will not change by
 * asking again); mutations never retry (a second "send code" or "log in" must be the user's choice). Mutations
 * run whatever the browser thinks of the network (`networkMode: 'always'`): offline they fail at once with the
 * network toast instead of pausing and then running by themselves when the connection comes back, minutes later,
 * when the user no longer expects a transfer or an order (spec §8).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.isTransport,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: 0, networkMode: 'always' },
  },
});
