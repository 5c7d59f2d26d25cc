import type { VerificationState } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../hooks/use-kyc-queries';

/**
 * The verified basic identity an advanced verification is for: country or region, name and the ID number as the
 * server shows it (masked), read only. Advanced verification cannot change them; its photos must show this document.
 */
export function VerifiedIdentity({ basic }: { basic: VerificationState }) {
  const { t } = useTranslation();
  const countries = useCountries(basic.country !== null);
  const country = countries.data?.find((c) => c.code === basic.country)?.name ?? basic.country;
  const facts = [
    { key: 'country', label: t('kyc.country'), value: country, dir: 'auto', code: basic.country },
    { key: 'name', label: t('kyc.name'), value: basic.name, dir: 'auto' },
    { key: 'id-number', label: t('kyc.idNumber'), value: basic.idNumber, dir: 'ltr' },
  ];
  return (
    <section className="kyc-identity" aria-labelledby="kyc-identity-title" data-testid="kyc-identity">
      <h2 className="kyc-identity__title" id="kyc-identity-title">
        {t('kyc.identity.title')}
      </h2>
      <dl className="fact-list fact-list--muted">
        {facts.map(({ key, label, value, dir, code }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd dir={dir} data-testid={`kyc-identity-${key}`} data-value={code ?? undefined}>
              {value ?? '—'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="kyc-identity__note">{t('kyc.identity.note')}</p>
    </section>
  );
}
