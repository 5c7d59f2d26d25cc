import { ErrorState } from '@/components/ui/error-state';
import { Figure } from '@/components/ui/figure';
import { CopyIcon } from '@/components/ui/icons';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { copyText } from '@/lib/clipboard';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { CURRENCIES, Chain, Currency, type CzSubmitBody } from '@nexa/contract';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { fundingApi } from '../api/funding-api';
import { DemoNotice } from '../components/demo-notice';
import '../components/funding.css';
import { RecordsLink } from '@/components/ui/records-link';
import { useMoneyCall } from '@/lib/use-money-call';
import { QrCode } from '../components/qr-code';
import { ScreenshotField } from '../components/screenshot-field';
import { WALLETS_KEY, fundingKeys } from '../hooks/query-keys';
import { useErrorText } from '../hooks/use-error-text';
import { useChainAddress } from '../hooks/use-funding-queries';
import { useImageUpload } from '../hooks/use-image-upload';
import { type FundingError, MAX_UPLOAD_MB, checkDepositAmount } from '../model';

type DepositInput = Omit<CzSubmitBody, 'requestId'>;

/**
 * Deposit, step two (spec §2): the platform's address for the chosen currency and chain (copy, QR code), then the
 * amount sent and the transaction screenshot; submitting records the deposit under review.
 */
export default function Recharge3Page() {
  const [params] = useSearchParams();
  const currency = Currency.safeParse(params.get('currency'));
  const chain = Chain.safeParse(params.get('chain'));
  if (!currency.success || !chain.success) return <Navigate to={ROUTES.recharge} replace />;
  return <DepositForm currency={currency.data} chain={chain.data} />;
}

function DepositForm({ currency, chain }: { currency: Currency; chain: Chain }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const target = useChainAddress(currency, chain);
  const upload = useImageUpload();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<FundingError | null>(null);
  const [shotError, setShotError] = useState<FundingError | null>(null);

  const submitDeposit = useMoneyCall(
    (input: DepositInput, requestId: string) => fundingApi.submitDeposit({ ...input, requestId }),
    (input) => `${input.currency}:${input.chain}:${input.amount}:${input.screenshot}`,
    [fundingKeys.all, WALLETS_KEY],
  );

  const minAmount = target.data?.minAmount;
  const uploadError =
    upload.state.status === 'failed'
      ? errorText(upload.state.error, { mb: String(MAX_UPLOAD_MB) })
      : errorText(shotError);

  const copy = async () => {
    if (!target.data) return;
    const ok = await copyText(target.data.address);
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed'), duration: 1500 });
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const amountProblem = checkDepositAmount(amount, minAmount);
    const shot = upload.state;
    const shotProblem: FundingError | null =
      shot.status === 'uploading' ? 'uploading' : shot.status === 'done' ? null : 'screenshot';
    setAmountError(amountProblem);
    if (shot.status !== 'failed') setShotError(shotProblem);
    if (amountProblem || shot.status !== 'done') return;
    try {
      await submitDeposit.mutateAsync({ currency, chain, amount, screenshot: shot.data.name });
      Toast.show({ icon: 'success', content: t('funding.deposit.submitted'), duration: 2000 });
      navigate(ROUTES.rechargeRecord, { replace: true });
    } catch {
      // The request helper toasted the reason; a retry after a lost answer reuses the requestId.
    }
  });

  const uploading = upload.state.status === 'uploading';

  return (
    <Page
      title={t('funding.deposit.titleOf', { currency })}
      back
      testId="recharge3-page"
      right={
        <RecordsLink to={ROUTES.rechargeRecord} label={t('funding.depositRecord.title')} testId="recharge-records" />
      }
    >
      <div className="stack">
        <DemoNotice text={t('funding.deposit.realOnly')} />
        <section className="fd-address-card" aria-labelledby="deposit-address-title">
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

        <p className="funding-notice" role="note">
          {t('funding.deposit.warning', { currency, chain })}
        </p>

        <TextField
          label={t('funding.deposit.amount')}
          placeholder={
            minAmount
              ? t('funding.deposit.amountPlaceholderMin', { min: formatDecimal(minAmount) })
              : t('funding.deposit.amountPlaceholder')
          }
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(sanitizeAmountInput(e.target.value, CURRENCIES[currency].scale));
            setAmountError(null);
          }}
          error={errorText(amountError, { min: `${formatDecimal(minAmount ?? '0')} ${currency}` })}
          testId="deposit-amount"
          suffix={<span className="fd-unit">{currency}</span>}
        />

        <ScreenshotField
          state={upload.state}
          error={uploadError}
          onPick={(file) => {
            setShotError(null);
            void upload.pick(file);
          }}
          onRemove={() => {
            setShotError(null);
            upload.reset();
          }}
          testId="deposit-screenshot"
        />

        <Button
          block
          color="primary"
          size="large"
          className="primary-button"
          loading={submitDeposit.isPending}
          disabled={running || submitDeposit.isPending || uploading || !target.data}
          onClick={() => void submit()}
          data-testid="deposit-submit"
        >
          {uploading ? t('funding.deposit.uploading') : t('funding.deposit.submit')}
        </Button>
      </div>
    </Page>
  );
}
