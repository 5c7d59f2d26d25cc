import { LANG_BCP47, isLang } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** The BCP 47 tag of the interface language, for Intl number formatting ("zh-CN" → 12亿, "de" → 1,2 Mrd.). */
export function useNumberLocale(): string {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? LANG_BCP47[i18n.language] : 'en';
}
