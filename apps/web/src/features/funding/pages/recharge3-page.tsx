import { AmountField } from '@/components/ui/amount-field';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { CURRENCIES, Chain, Currency, type CzSubmitBody } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { fundingApi } from '../api/funding-api';
import { DemoNotice } from '../components/demo-notice';
import '../components/funding.css';
import { RecordsLink } from '@/components/ui/records-link';
import { useMoneyCall } from '@/lib/use-money-call';
import { DepositAddressCard, isNotConfigured } from '../components/deposit-address-card';
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
    'index/czSubmit',
    (input: DepositInput, requestId: string) => fundingApi.submitDeposit({ ...input, requestId }),
    (input) => `${input.currency}:${input.chain}:${input.amount}:${input.screenshot}`,
    [fundingKeys.all, WALLETS_KEY],
  );

  const minAmount = target.data?.minAmount;
  const uploadError =
    upload.state.status === 'failed'
      ? errorText(upload.state.error, { mb: String(MAX_UPLOAD_MB) })
      : errorText(shotError);

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
        <DepositAddressCard currency={currency} chain={chain} target={target} />

        {/* No address on this chain: nothing to send to, so nothing to fill in. */}
        {isNotConfigured(target.error) ? null : (
          <>
            <p className="callout" role="note">
              {t('funding.deposit.warning', { currency, chain })}
            </p>

            <AmountField
              label={t('funding.deposit.amount')}
              placeholder={
                minAmount
                  ? t('funding.deposit.amountPlaceholderMin', { min: formatDecimal(minAmount) })
                  : t('funding.deposit.amountPlaceholder')
              }
              value={amount}
              scale={CURRENCIES[currency].scale}
              unit={currency}
              onValue={(value) => {
                setAmount(value);
                setAmountError(null);
              }}
              error={errorText(amountError, { min: `${formatDecimal(minAmount ?? '0')} ${currency}` })}
              testId="deposit-amount"
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

            <PrimaryButton
              loading={submitDeposit.isPending}
              disabled={running || submitDeposit.isPending || uploading || !target.data}
              onClick={() => void submit()}
              testId="deposit-submit"
            >
              {uploading ? t('funding.deposit.uploading') : t('funding.deposit.submit')}
            </PrimaryButton>
          </>
        )}
      </div>
    </Page>
  );
}
