import { ErrorState } from '@/components/ui/error-state';
import { Figure } from '@/components/ui/figure';
import { CopyIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';
import { formatDecimal } from '@/lib/format';
import { ApiError } from '@/lib/request';
import { QrCode } from '@/shared/qr-code';
import type { Chain, Currency } from '@nexa/contract';
import { Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { useChainAddress } from '../hooks/use-funding-queries';
import { DepositNotConfigured } from './deposit-not-configured';

/** The server's refusal for a chain without the platform's address (see index/chainAddress). */
export const isNotConfigured = (error: unknown) =>
  error instanceof ApiError && (error.data as { reason?: unknown } | null)?.reason === 'deposit.notConfigured';

/**
 * The platform's address for the currency and chain: QR code, the address with copy, the minimum deposit; or,
 * when the operator has configured no address on the chain, that deposits there are not available.
 */
export function DepositAddressCard({
  currency,
  chain,
  target,
}: {
  currency: Currency;
  chain: Chain;
  target: ReturnType<typeof useChainAddress>;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!target.data) return;
    const ok = await copyText(target.data.address);
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed'), duration: 1500 });
  };
  return (
    <section className="hero-surface fd-address-card" aria-labelledby="deposit-address-title">
      <div className="fd-address-card__chips">
        <span className="fd-chip">{currency}</span>
        <span className="fd-chip fd-chip--accent" data-testid="deposit-chain">
          {chain}
        </span>
      </div>
      {target.isPending ? (
        <div className="fd-address-card__loading" aria-busy="true">
          <Skeleton animated className="fd-address-card__qr-skeleton" />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ) : target.isError && isNotConfigured(target.error) ? (
        <DepositNotConfigured currency={currency} chain={chain} />
      ) : target.isError ? (
        <ErrorState onRetry={() => void target.refetch()} />
      ) : (
        <>
          <QrCode text={target.data.address} label={t('funding.deposit.qrLabel')} testId="deposit-qr" />
          <h2 className="fd-address-card__label" id="deposit-address-title">
            {t('funding.deposit.address')}
          </h2>
          <div className="fd-address-card__row">
            <Figure className="fd-address-card__address" testId="deposit-address">
              {target.data.address}
            </Figure>
            <button
              type="button"
              className="icon-button fd-address-card__copy"
              onClick={() => void copy()}
              aria-label={t('common.copy')}
              data-testid="deposit-address-copy"
            >
              <CopyIcon />
            </button>
          </div>
          <p className="fd-address-card__min">
            {t('funding.deposit.min')}{' '}
            <Figure testId="deposit-min">
              {formatDecimal(target.data.minAmount)} {currency}
            </Figure>
          </p>
        </>
      )}
    </section>
  );
}
