import { applyLanguage } from '@/i18n';
import { getSession } from '@/lib/session-store';
import type { Lang } from '@nexa/contract';
import { useCallback, useState } from 'react';

/** Switches the interface language: downloads it, switches i18next and <html lang dir>, then persists it. */
export function useChangeLanguage() {
  const [pending, setPending] = useState<Lang | null>(null);
  const change = useCallback(async (lang: Lang): Promise<void> => {
    setPending(lang);
    try {
      const applied = await applyLanguage(lang);
      getSession().setLang(applied);
    } finally {
      setPending(null);
    }
  }, []);
  return { change, pending };
}
