import { CHANGE_TYPES, type ChangeType } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

const KNOWN: ReadonlySet<string> = new Set(CHANGE_TYPES);

/**
 * The translation key of a change type the contract lists, else null. Keys are typed by the English file, so a type
 * added to the contract without its name there does not build (and every locale has English's keys).
 */
export function changeTypeKey(type: string): `changeTypes.${ChangeType}` | null {
  return KNOWN.has(type) ? `changeTypes.${type as ChangeType}` : null;
}

/**
 * The localized name of an account change type. A type the server added before this app learned its name is
 * still shown (its code, made readable) rather than hiding the row.
 */
export function useChangeTypeName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => {
    const key = changeTypeKey(type);
    return key ? t(key) : type.replace(/_/g, ' ');
  };
}
