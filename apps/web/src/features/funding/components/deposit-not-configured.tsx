import { EmptyState } from '@/components/ui/empty-state';
import type { Chain, Currency } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/**
 * The platform has no receiving address on this chain yet (the operator has not configured one): say so, instead
 * of an address or QR code, and point to the other networks or support.
 */
export function DepositNotConfigured({ currency, chain }: { currency: Currency; chain: Chain }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('funding.deposit.notConfigured', { currency, chain })}
      description={t('funding.deposit.notConfiguredHint')}
      testId="deposit-not-configured"
    />
  );
}
