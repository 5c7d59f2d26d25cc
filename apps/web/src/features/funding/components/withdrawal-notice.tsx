import { formatDecimal } from '@/lib/format';
import type { PaymentData } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** The withdrawal notice (spec §9): min/max in USD, the fee, 5 a day (and how many today), credited within 24 h. */
export function WithdrawalNotice({ payment }: { payment: PaymentData }) {
  const { t } = useTranslation();
  return (
    <section className="fd-notice-card" aria-labelledby="withdraw-notice-title" data-testid="withdraw-notice">
      <h2 className="fd-notice-card__title" id="withdraw-notice-title">
        {t('funding.notice.title')}
      </h2>
      <ol className="rule-list">
        <li data-testid="withdraw-notice-limits">
          {t('funding.notice.limits', { min: formatDecimal(payment.minUsd), max: formatDecimal(payment.maxUsd) })}
        </li>
        <li>{t('funding.notice.fee', { fee: formatDecimal(payment.feePercent) })}</li>
        <li data-testid="withdraw-notice-daily">
          {t('funding.notice.daily', { limit: String(payment.dailyLimit), used: String(payment.usedToday) })}
        </li>
        <li>{t('funding.notice.credited')}</li>
        <li>{t('funding.notice.frozen')}</li>
      </ol>
    </section>
  );
}
