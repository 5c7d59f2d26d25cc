import { ROUTES, loginPathFor } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useUserInfo } from '@/lib/user-query';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/**
 * Visitor guard (spec §6): without a token only login, register, forgot password and language are reachable.
 * A visitor who opens anything else goes to login, which brings them back there afterwards. A session that ends
 * while a page is open (log out, 401) goes to plain login instead: coming back to that page is not what they want.
 *
 * Signed in, it asks for the user as the server has them now, whichever page opens first: the stored copy may predate
 * a switch of the account mode on another device, and every trading and wallet screen reads and keys its data by
 * that mode (`useAccountMode`). Without this a deep link showed the demo account's orders under "Real account" until
 * a screen that asks (Home, Assets) was opened.
 */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  useUserInfo();
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
