import { ROUTES, loginPathFor } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/**
 * Visitor guard (spec §6): without a token only login, register, forgot password and language are reachable.
 * A visitor who opens anything else goes to login, which brings them back there afterwards. A session that ends
 * while a page is open (log out, 401) goes to plain login instead: coming back to that page is not what they want.
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  const hadSession = useRef(token !== null);
  if (token) {
    hadSession.current = true;
    return <Outlet />;
  }
  return (
    <Navigate to={hadSession.current ? ROUTES.login : loginPathFor(location.pathname + location.search)} replace />
  );
}
