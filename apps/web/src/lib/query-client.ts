import { QueryClient } from '@tanstack/react-query';
import { type Cancel, afterLoadIdle } from './async';
import { ApiError } from './request';

/** How often a screen's read that failed for a passing reason is tried again. */
export const RETRY_FAILED_READ_MS = 10_000;

/** A failure that may pass by itself: the network, a timeout, or the server's own trouble (5xx). */
function failedForAWhile(error: unknown): boolean {
  return error instanceof ApiError && (error.isTransport || error.code >= 500);
}

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
      // A read that failed for a passing reason (the server's database away, the connection lost) is tried again every
      // so often while its screen shows it and the page is visible, so the screen recovers by itself once the server
      // does; a refusal (4xx) is not, it would answer the same.
      refetchInterval: (query) => (failedForAWhile(query.state.error) ? RETRY_FAILED_READ_MS : false),
    },
    mutations: { retry: 0, networkMode: 'always' },
  },
});

/**
 * Runs `fn` at an idle moment after the page's load when no query is fetching, or `timeoutMs` after the call at the
 * latest (a screen that keeps reading must not put it off for ever). A read still in flight at that moment puts it
 * off until the reads have answered and the browser is idle again. For work that must not compete with the
 * screen's own reads, such as the service worker's install, which downloads the whole app. With `after`, the reads
 * are only watched once it has fired (a signed-in start: once the user socket is confirmed, whose catch-up reads the
 * user and the messages again; they are the screen's reads too).
 */
export function whenReadsSettle(
  client: QueryClient,
  fn: () => void,
  timeoutMs = 10_000,
  idle: (then: () => void) => Cancel = afterLoadIdle,
  after?: (then: () => void) => Cancel,
): Cancel {
  let done = false;
  let waiting = false;
  let open = !after;
  let cancelIdle: Cancel = () => {};
  let cancelAfter: Cancel = () => {};
  const stop = () => {
    done = true;
    unsubscribe();
    clearTimeout(timer);
    cancelIdle();
    cancelAfter();
  };
  const finish = () => {
    if (done) return;
    stop();
    fn();
  };
  const whenIdle = () => {
    if (done || !open || waiting || client.isFetching() > 0) return;
    waiting = true;
    cancelIdle = idle(() => {
      waiting = false;
      if (client.isFetching() === 0) finish();
    });
  };
  const unsubscribe = client.getQueryCache().subscribe(whenIdle);
  const timer = setTimeout(finish, timeoutMs);
  if (after)
    cancelAfter = after(() => {
      open = true;
      whenIdle();
    });
  whenIdle();
  return stop;
}
