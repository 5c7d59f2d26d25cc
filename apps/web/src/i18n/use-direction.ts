import { RTL_LANGS, isLang } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/**
 * The interface language's writing direction, for components that lay themselves out in script rather than through
 * the document's `dir` (antd-mobile's Tabs place their ink bar and scroll their row by it).
 */
export function useDirection(): 'ltr' | 'rtl' {
  const { i18n } = useTranslation();
  return isLang(i18n.language) && RTL_LANGS.includes(i18n.language) ? 'rtl' : 'ltr';
}
