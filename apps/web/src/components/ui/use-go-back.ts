import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where this tab's history started: a page opened directly (a link, a reload) has nothing to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Back one page, or, for a page opened directly, to the natural parent (home, or login for a visitor). */
export function useGoBack(fallback?: string): () => void {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  return useCallback(() => {
    if (canGoBack()) navigate(-1);
    else navigate(fallback ?? (token ? ROUTES.home : ROUTES.login), { replace: true });
  }, [navigate, token, fallback]);
}
