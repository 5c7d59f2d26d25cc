import { useTranslation } from 'react-i18next';
import { type FundingError, isFundingError } from '../model';

/** Values the error sentences mention (`{{min}}`, `{{max}}`, `{{mb}}`, `{{chain}}`). */
export interface ErrorValues {
  min?: string;
  max?: string;
  mb?: string;
  chain?: string;
}

/**
 * The sentence for a form error: our own checks are keys of `funding.errors` (with the values they mention);
 * a server refusal arrives as a sentence already in the user's language and is shown as it is.
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FundingError | string | null | undefined, values: ErrorValues = {}): string | null => {
    if (!error) return null;
    return isFundingError(error)
      ? t(`funding.errors.${error}`, { min: '', max: '', mb: '', chain: '', ...values })
      : error;
  };
}
