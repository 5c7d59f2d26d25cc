import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { SelectSheet } from '@/components/ui/select-sheet';
import { TextField } from '@/components/ui/text-field';
import { compareDecimal, isPositiveAmount, sanitizeAmountInput, signOf } from '@/lib/decimal';
import { formatAmount, formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { CURRENCIES, type Currency, type TransferRecord, WALLETS, type Wallet } from '@nexa/contract';
import { Button, Dialog, Toast } from 'antd-mobile';
import { DownOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { useMoneyCall } from '@/lib/use-money-call';
import { useAccountMode } from '@/shared/account-mode';
import { TransferRecordRow } from '../components/transfer-record-row';
import { WalletBadge } from '../components/wallet-badge';
import { walletKeys } from '../hooks/query-keys';
import { useProperty, useTransferTypes, useWalletMoney } from '../hooks/use-wallet-queries';
import { isWallet, otherWallet, transferCurrencies } from '../model';

interface TransferInput {
  from: Wallet;
  to: Wallet;
  currency: Currency;
  amount: string;
}

type Sheet = 'from' | 'to' | 'currency' | null;

/** Transfer between the user's own wallets (spec §2): from, swap, to, currency, amount with All, confirm. */
export default function FundTransferPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = useAccountMode();
  const [from, setFrom] = useState<Wallet>(() => {
    const p = params.get('from');
    return isWallet(p) ? p : 'spot';
  });
  const [to, setTo] = useState<Wallet>(() => {
    const p = params.get('to');
    return isWallet(p) && p !== from ? p : otherWallet(from);
  });
  const [currency, setCurrency] = useState<Currency>('USDT');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [result, setResult] = useState<TransferRecord | null>(null);

  const types = useTransferTypes();
  const property = useProperty();
  const source = useWalletMoney(from);
  const currencies = transferCurrencies(types.data, from, to);
  const active: Currency = currencies.includes(currency) ? currency : (currencies[0] ?? currency);
  const available = source.data?.currencies.find((c) => c.currency === active)?.available;

  const transfer = useMoneyCall(
    (input: TransferInput, requestId: string) => walletsApi.transfer({ ...input, requestId }),
    (input) => `${mode}:${input.from}>${input.to}:${input.currency}:${input.amount}`,
    [walletKeys.all],
  );

  const chooseFrom = (wallet: Wallet) => {
    if (wallet === to) setTo(from);
    setFrom(wallet);
    setError(null);
  };
  const chooseTo = (wallet: Wallet) => {
    if (wallet === from) setFrom(to);
    setTo(wallet);
    setError(null);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setError(null);
  };

  const validate = (): string | null => {
    if (currencies.length === 0) return t('transfer.noCurrency');
    if (amount === '') return t('validation.amount');
    if (!isPositiveAmount(amount)) return t('transfer.amountPositive');
    if (available !== undefined && compareDecimal(amount, available) > 0) return t('transfer.insufficient');
    return null;
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const problem = validate();
    setError(problem);
    if (problem) return;
    const input: TransferInput = { from, to, currency: active, amount };
    const confirmed = await Dialog.confirm({
      title: t('transfer.confirmTitle'),
      content: (
        <dl className="confirm-summary">
          <div>
            <dt>{t('transfer.amount')}</dt>
            <dd>
              <Figure>{formatAmount(amount, CURRENCIES[active].scale)}</Figure> {active}
            </dd>
          </div>
          <div>
            <dt>{t('transfer.from')}</dt>
            <dd>{t(`wallets.${from}`)}</dd>
          </div>
          <div>
            <dt>{t('transfer.to')}</dt>
            <dd>{t(`wallets.${to}`)}</dd>
          </div>
        </dl>
      ),
      confirmText: <span data-testid="transfer-confirm">{t('common.confirm')}</span>,
      cancelText: <span data-testid="transfer-cancel">{t('common.cancel')}</span>,
    });
    if (!confirmed) return;
    try {
      const record = await transfer.mutateAsync(input);
      setResult(record);
      setAmount('');
      Toast.show({ icon: 'success', content: t('transfer.success'), duration: 2000 });
    } catch {
      // The request helper toasted the server's reason (or the network failure); a retry reuses the requestId.
    }
  });

  const fillAll = () => {
    if (available && signOf(available) > 0) {
      setAmount(available);
      setError(null);
    }
  };

  const walletOptions = WALLETS.map((wallet) => {
    const balance = property.data?.wallets.find((w) => w.wallet === wallet);
    return {
      value: wallet,
      label: (
        <span className="wallet-option">
          <WalletBadge wallet={wallet} />
          {t(`wallets.${wallet}`)}
        </span>
      ),
      extra: balance ? (
        <span className="select-sheet__extra">
          <Figure>{formatDecimal(balance.availableUsdt)}</Figure> USDT
        </span>
      ) : undefined,
    };
  });

  const busy = running || transfer.isPending;

  return (
    <Page
      title={t('transfer.title')}
      back
      testId="transfer-page"
      right={
        <Link
          to={ROUTES.fundTransferRecord}
          className="icon-button"
          aria-label={t('transferRecord.title')}
          data-testid="transfer-records"
        >
          <UnorderedListOutline />
        </Link>
      }
    >
      {types.isError && !types.data ? (
        <ErrorState onRetry={() => void types.refetch()} />
      ) : (
        <div className="stack">
          <section className="transfer-card">
            <div className="transfer-card__rows">
              <button
                type="button"
                className="transfer-card__row"
                onClick={() => setSheet('from')}
                data-testid="transfer-from"
              >
                <span className="transfer-card__dot transfer-card__dot--from" aria-hidden="true" />
                <span className="transfer-card__label">{t('transfer.from')}</span>
                <span className="transfer-card__wallet">{t(`wallets.${from}`)}</span>
                <DownOutline className="transfer-card__chevron" />
              </button>
              <span className="transfer-card__line" aria-hidden="true" />
              <button
                type="button"
                className="transfer-card__row transfer-card__row--to"
                onClick={() => setSheet('to')}
                data-testid="transfer-to"
              >
                <span className="transfer-card__dot transfer-card__dot--to" aria-hidden="true" />
                <span className="transfer-card__label">{t('transfer.to')}</span>
                <span className="transfer-card__wallet">{t(`wallets.${to}`)}</span>
                <DownOutline className="transfer-card__chevron" />
              </button>
            </div>
            <button
              type="button"
              className="transfer-card__swap"
              onClick={swap}
              aria-label={t('transfer.swap')}
              data-testid="transfer-swap"
            >
              <LineIcon d={ICON.transfer} size={20} />
            </button>
          </section>

          <div className="field">
            <span className="field__label">{t('transfer.currency')}</span>
            <button
              type="button"
              className="select-field"
              onClick={() => setSheet('currency')}
              disabled={currencies.length === 0}
              data-testid="transfer-currency"
            >
              <span className="select-field__value">
                <span className="coin-mark" aria-hidden="true">
                  {active.slice(0, 1)}
                </span>
                {active}
              </span>
              <DownOutline className="select-field__chevron" />
            </button>
          </div>

          <div>
            <TextField
              label={t('transfer.amount')}
              placeholder={t('transfer.amountPlaceholder')}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => {
                setAmount(sanitizeAmountInput(e.target.value, CURRENCIES[active].scale));
                setError(null);
              }}
              error={error}
              testId="transfer-amount"
              suffix={
                <span className="amount-suffix">
                  <span className="amount-suffix__currency">{active}</span>
                  <button type="button" className="amount-suffix__all" onClick={fillAll} data-testid="transfer-all">
                    {t('transfer.all')}
                  </button>
                </span>
              }
            />
            <p className="transfer-available">
              <span>{t('transfer.available')}</span>
              <span>
                <Figure testId="transfer-available">{available !== undefined ? formatDecimal(available) : '--'}</Figure>{' '}
                {active}
              </span>
            </p>
          </div>

          <p className="transfer-hint">{t('transfer.hint')}</p>

          <Button
            block
            color="primary"
            size="large"
            className="primary-button"
            loading={transfer.isPending}
            disabled={busy}
            onClick={() => void submit()}
            data-testid="transfer-submit"
          >
            {t('transfer.submit')}
          </Button>

          {result ? (
            <section className="transfer-result" aria-live="polite">
              <h2 className="transfer-result__title">
                <span className="transfer-result__tick" aria-hidden="true">
                  ✓
                </span>
                {t('transfer.success')}
              </h2>
              <p className="transfer-result__hint">{t('transfer.newBalances')}</p>
              <TransferRecordRow record={result} testId="transfer-result" />
            </section>
          ) : null}
        </div>
      )}

      <SelectSheet
        visible={sheet === 'from'}
        title={t('transfer.selectFrom')}
        options={walletOptions}
        value={from}
        onSelect={chooseFrom}
        onClose={() => setSheet(null)}
        testId="transfer-from"
      />
      <SelectSheet
        visible={sheet === 'to'}
        title={t('transfer.selectTo')}
        options={walletOptions}
        value={to}
        onSelect={chooseTo}
        onClose={() => setSheet(null)}
        testId="transfer-to"
      />
      <SelectSheet
        visible={sheet === 'currency'}
        title={t('transfer.selectCurrency')}
        options={currencies.map((c) => ({ value: c, label: c }))}
        value={active}
        onSelect={(c) => {
          setCurrency(c);
          setAmount('');
          setError(null);
        }}
        onClose={() => setSheet(null)}
        testId="transfer-currency"
      />
    </Page>
  );
}
