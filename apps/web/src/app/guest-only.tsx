import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';

/**
 * Login, register and forgot password are for visitors: a signed-in user who opens one goes home. Only a session
 * that existed when the page opened counts: signing in on the page lets the page take the user where they wanted.
 */
export function GuestOnly() {
  const token = useSession((s) => s.token);
  const signedInOnArrival = useRef(token !== null);
  if (token && signedInOnArrival.current) return <Navigate to={ROUTES.home} replace />;
  return <Outlet />;
}
