import { useQuery } from '@tanstack/react-query';
import { authApi } from '../api/auth-api';

/** Whether registration needs an invitation code (the spec's default: optional). */
export function useInviteCodeRequired(): boolean {
  const { data } = useQuery({
    queryKey: ['inviteCodeSwitch'],
    queryFn: ({ signal }) => authApi.inviteCodeSwitch(signal),
    staleTime: 5 * 60 * 1000,
  });
  return data?.required ?? false;
}
