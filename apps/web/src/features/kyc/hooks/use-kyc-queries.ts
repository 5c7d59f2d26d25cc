import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { kycApi } from '../api/kyc-api';
import { kycKeys } from './query-keys';

/** How often the status is read again while a review is pending (an operator may decide any moment). */
const REVIEW_POLL_MS = 5_000;

/** Basic and advanced verification status (user_verification/getUserVerification), always read fresh. */
export function useVerification() {
  return useQuery({
    queryKey: kycKeys.status,
    queryFn: ({ signal }) => kycApi.status(signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.basic.status === 'review' || data.advanced.status === 'review') ? REVIEW_POLL_MS : false;
    },
  });
}

/** Countries and regions to verify in (user_verification/getCountryList), named in the interface language. */
export function useCountries(enabled: boolean) {
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  return useQuery({
    queryKey: kycKeys.countries(lang),
    queryFn: ({ signal }) => kycApi.countries(signal),
    enabled,
    staleTime: 60 * 60 * 1000,
    select: (data) => data.list,
  });
}
