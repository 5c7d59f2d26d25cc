import { request } from '@/lib/http';
import { useQuery } from '@tanstack/react-query';

/** The security centre's resources: one query key each, beside its fetcher. */
export const securityKeys = {
  overview: ['security', 'overview'] as const,
  sessions: ['security', 'sessions'] as const,
  history: ['security', 'loginHistory'] as const,
};

export const fetchSecurityOverview = (signal?: AbortSignal) =>
  request('security/overview', {}, { method: 'GET', signal });

/** Whether the user has 2FA on: the guarded forms (withdrawal, bindings, withdrawal password) then ask for a code. */
export function useTwoFactorOn(): boolean {
  const q = useQuery({ queryKey: securityKeys.overview, queryFn: ({ signal }) => fetchSecurityOverview(signal) });
  return q.data?.twoFactorEnabled ?? false;
}
