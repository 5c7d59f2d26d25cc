import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../api/auth-api';

/** Countries with calling codes, named in the interface language. Fetched the first time it is needed. */
export function useRegions(enabled: boolean) {
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  return useQuery({
    queryKey: ['regions', lang],
    queryFn: ({ signal }) => authApi.regions(signal),
    enabled,
    staleTime: 60 * 60 * 1000,
    select: (data) => data.list,
  });
}
