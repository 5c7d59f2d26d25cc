import { LANG_BCP47, type Lang } from '@nexa/contract';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

export interface Country {
  code: string;
  name: string;
  areaCode: string;
}

const cache = new Map<Lang, Country[]>();
const codes = new Set<string>(getCountries());

/** Countries and regions (ISO 3166-1 alpha-2, with calling code), named in the caller's language. */
export function countryList(lang: Lang): Country[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const names = new Intl.DisplayNames([LANG_BCP47[lang], 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(LANG_BCP47[lang]);
  const list = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, areaCode: getCountryCallingCode(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, list);
  return list;
}

export const isCountry = (code: string) => codes.has(code);
