/** The signed-in user, shared by every screen that shows who is logged in (home greeting, assets card). */
import type { User } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';
import { getSession, useSession } from './session-store';

export const userInfoKey = (token: string | null) => ['user', 'info', token] as const;

export function useUserInfo() {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.user);
  return useQuery<User>({
    queryKey: userInfoKey(token),
    enabled: token !== null,
    queryFn: async ({ signal }) => {
      const user = await request('user/getUserinfo', {}, { method: 'GET', signal });
      getSession().setUser(user);
      return user;
    },
    // Show what login returned at once; the fresh copy replaces it when it arrives.
    placeholderData: stored ?? undefined,
  });
}
