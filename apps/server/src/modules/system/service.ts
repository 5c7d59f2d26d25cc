import { LANGS, LANG_BCP47, LANG_NAMES, type Lang, type LanguageData, RTL_LANGS, type Region } from '@nexa/contract';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

const regionCache = new Map<Lang, Region[]>();

/** Every country with a calling code, named in the caller's language, sorted by that name. */
export function listRegions(lang: Lang): Region[] {
  const cached = regionCache.get(lang);
  if (cached) return cached;
  const names = new Intl.DisplayNames([LANG_BCP47[lang], 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(LANG_BCP47[lang]);
  const list = getCountries()
    .map((country) => ({ country, name: names.of(country) ?? country, areaCode: getCountryCallingCode(country) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  regionCache.set(lang, list);
  return list;
}

export function languages(defaultLang: Lang): LanguageData {
  return {
    default: defaultLang,
    list: LANGS.map((key) => ({ key, name: LANG_NAMES[key], rtl: RTL_LANGS.includes(key) })),
  };
}
