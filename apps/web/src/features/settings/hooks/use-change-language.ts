import { applyLanguage } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { getSession } from '@/lib/session-store';
import type { Lang } from '@nexa/contract';
import { useCallback, useState } from 'react';

/**
 * Switches the interface language: downloads it, switches i18next and <html lang dir>, then persists it, and reads
 * the server's answers again, since the names and texts they carry (products, rules, notices, countries) come in
 * the language a call was made in.
 */
export function useChangeLanguage() {
  const [pending, setPending] = useState<Lang | null>(null);
  const change = useCallback(async (lang: Lang): Promise<void> => {
    setPending(lang);
    try {
      const applied = await applyLanguage(lang);
      getSession().setLang(applied);
      void queryClient.invalidateQueries();
    } finally {
      setPending(null);
    }
  }, []);
  return { change, pending };
}
