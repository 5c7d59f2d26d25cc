import type { MenuItem } from '@/components/ui/menu-list';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG, LANG_NAMES } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** The menu row to the language page, showing the language in use (Mine, Settings, More). */
export function useLanguageItem(testId: string): MenuItem {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  return { label: t('settings.language'), to: ROUTES.lang, value: LANG_NAMES[lang], testId };
}
