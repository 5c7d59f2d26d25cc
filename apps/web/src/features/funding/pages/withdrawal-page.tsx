import { ErrorState } from '@/components/ui/error-state';
import { Figure } from '@/components/ui/figure';
import { Page } from '@/components/ui/page';
import { SelectSheet } from '@/components/ui/select-sheet';
import { TextField } from '@/components/ui/text-field';
import { signOf } from '@/lib/decimal';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { CURRENCIES, type Chain, type Currency, type TbSubmitBody, type WithdrawalMethod } from '@nexa/contract';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fundingApi } from '../api/funding-api';
import { CoinMark } from '../components/coin-mark';
import '../components/funding.css';
import { RecordsLink } from '@/components/ui/records-link';
import { useMoneyCall } from '@/lib/use-money-call';
import { WithdrawalNotice } from '../components/withdrawal-notice';
import { WALLETS_KEY, fundingKeys } from '../hooks/query-keys';
import { useErrorText } from '../hooks/use-error-text';
import { useAddresses, useBankCard, usePayment, useRealSpot } from '../hooks/use-funding-queries';
import {
  type FundingError,
  checkWithdrawalAmount,
  checkWithdrawalPassword,
  feeOf,
  maxWithdrawable,
  totalOf,
} from '../model';

type WithdrawalInput = Omit<TbSubmitBody, 'requestId'>;

/** `12.50 USDT`, or a bare dash while there is nothing to show. */
const withUnit = (value: string | null, currency: string | undefined) =>
  value === null ? '--' : `${value} ${currency ?? ''}`.trim();
type Errors = Partial<Record<'method' | 'currency' | 'chain' | 'amount' | 'password', FundingError>>;

/**
 * Withdrawal (spec §2): bank card or crypto, currency, the bound address or card, amount with All, the fee and what
 * is frozen, the withdrawal password and the notice (§9). Input is checked here; whether the user may withdraw at
 * all (verified, password set, address or card bound, daily count) is the server's answer: 402 and 403 redirect
 * (lib/request.ts), the other refusals are toasted in the user's language.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const payment = usePayment();
  const addresses = useAddresses();
  const bank = useBankCard();
  const { mode, query: spot } = useRealSpot();

  const [method, setMethod] = useState<WithdrawalMethod>('crypto');
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [chain, setChain] = useState<Chain | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sheet, setSheet] = useState<'currency' | 'chain' | null>(null);

  const submitWithdrawal = useMoneyCall(
    (input: WithdrawalInput, requestId: string) => fundingApi.submitWithdrawal({ ...input, requestId }),
    (input) => `${input.method}:${input.currency}:${input.chain ?? ''}:${input.amount}`,
    [fundingKeys.all, WALLETS_KEY],
  );

  const p = payment.data;
  const methods = p?.methods ?? [];
  const activeMethod: WithdrawalMethod | undefined = methods.includes(method) ? method : methods[0];
  const cryptoCurrencies = p?.currencies ?? [];
  const cryptoEntry = cryptoCurrencies.find((c) => c.currency === currency) ?? cryptoCurrencies[0];
  const activeCurrency: Currency | undefined = activeMethod === 'bank' ? p?.bankCurrency : cryptoEntry?.currency;
  const chains = cryptoEntry?.chains ?? [];
  const activeChain: Chain | undefined = chains.find((c) => c === chain) ?? chains[0];
  const boundAddress = addresses.data?.list.find((a) => a.chain === activeChain);
  const scale = activeCurrency ? CURRENCIES[activeCurrency].scale : 2;
  const feePercent = p?.feePercent ?? '0';

  // Withdrawals leave the real account's spot wallet: in demo mode that balance cannot be read (see useRealSpot).
  const available =
    mode === 'real' && spot.data?.mode === 'real' && activeCurrency
      ? (spot.data.currencies.find((c) => c.currency === activeCurrency)?.available ?? '0')
      : undefined;
  const amountOk = checkWithdrawalAmount(amount, undefined, feePercent, scale) === null;
  const fee = amountOk ? feeOf(amount, feePercent, scale) : null;
  const total = amountOk ? totalOf(amount, feePercent, scale) : null;

  const clear = (field: keyof Errors) => setErrors((e) => ({ ...e, [field]: undefined }));

  const fillAll = () => {
    if (available === undefined || signOf(available) <= 0) return;
    setAmount(maxWithdrawable(available, feePercent, scale));
    clear('amount');
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!activeMethod) found.method = 'selectMethod';
    if (!activeCurrency) found.currency = 'selectCurrency';
    if (activeMethod === 'crypto' && !activeChain) found.chain = 'selectChain';
    const limits = p && {
      minUsd: p.minUsd,
      maxUsd: p.maxUsd,
      stable: activeCurrency ? CURRENCIES[activeCurrency].stable : false,
    };
    const amountProblem = checkWithdrawalAmount(amount, available, feePercent, scale, limits);
    if (amountProblem) found.amount = amountProblem;
    const passwordProblem = checkWithdrawalPassword(password);
    if (passwordProblem) found.password = passwordProblem;
    return found;
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !activeMethod || !activeCurrency) return;
    const input: WithdrawalInput = {
      method: activeMethod,
      currency: activeCurrency,
      chain: activeMethod === 'crypto' ? activeChain : undefined,
      address: activeMethod === 'crypto' ? boundAddress?.address : undefined,
      amount,
      withdrawalPassword: password,
    };
    const confirmed = await Dialog.confirm({
      title: t('funding.withdraw.confirmTitle'),
      content: (
        <dl className="fd-confirm-list">
          <div>
            <dt>{t('funding.withdraw.method')}</dt>
            <dd>{t(`funding.method.${activeMethod}`)}</dd>
          </div>
          <div>
            <dt>{t('funding.withdraw.receive')}</dt>
            <dd>
              <Figure>{withUnit(formatAmount(amount, scale), activeCurrency)}</Figure>
            </dd>
          </div>
          <div>
            <dt>{t('funding.withdraw.fee')}</dt>
            <dd>
              <Figure>{withUnit(fee ? formatDecimal(fee) : null, activeCurrency)}</Figure>
            </dd>
          </div>
          <div>
            <dt>{t('funding.withdraw.total')}</dt>
            <dd>
              <Figure>{withUnit(total ? formatDecimal(total) : null, activeCurrency)}</Figure>
            </dd>
          </div>
        </dl>
      ),
      confirmText: <span data-testid="withdraw-confirm">{t('common.confirm')}</span>,
      cancelText: <span data-testid="withdraw-cancel">{t('common.cancel')}</span>,
    });
    if (!confirmed) return;
    try {
      await submitWithdrawal.mutateAsync(input);
      setPassword('');
      Toast.show({ icon: 'success', content: t('funding.withdraw.submitted'), duration: 2000 });
      navigate(ROUTES.withdrawalRecord, { replace: true });
    } catch {
      // Toasted by the request helper (402/403 also redirect); the password may have been wrong: let it be retyped.
      setPassword('');
    }
  });

  const busy = running || submitWithdrawal.isPending;
  const loading = payment.isPending;

  return (
    <Page
      title={t('funding.withdraw.title')}
      back
      testId="withdrawal-page"
      right={
        <RecordsLink
          to={ROUTES.withdrawalRecord}
          label={t('funding.withdrawalRecord.title')}
          testId="withdrawal-records"
        />
      }
    >
      {loading ? (
        <div className="stack" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : payment.isError || !p ? (
        <ErrorState onRetry={() => void payment.refetch()} />
      ) : (
        <div className="stack">
          {mode === 'demo' ? (
            <p className="funding-notice funding-notice--warning" role="note" data-testid="funding-demo-notice">
              {t('funding.withdraw.realOnlyDemo')}
            </p>
          ) : null}
          {!p.identityVerified ? (
            <Link to={ROUTES.verification} className="funding-prompt" data-testid="withdraw-verify-prompt">
              <span>{t('funding.withdraw.verifyFirst')}</span>
              <span className="funding-prompt__action">
                {t('funding.withdraw.verifyNow')}
                <RightOutline className="flip-rtl" />
              </span>
            </Link>
          ) : null}

          <div className="fd-segmented" role="tablist" aria-label={t('funding.withdraw.method')}>
            {methods.map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={m === activeMethod}
                className={`fd-segmented__item${m === activeMethod ? ' fd-segmented__item--on' : ''}`}
                onClick={() => {
                  setMethod(m);
                  setAmount('');
                  setErrors({});
                }}
                data-testid={`withdraw-method-${m}`}
              >
                {t(`funding.method.${m}`)}
              </button>
            ))}
          </div>
          {errors.method ? <p className="field__error">{errorText(errors.method)}</p> : null}

          {activeMethod === 'crypto' ? (
            <>
              <div className="fd-field-row">
                <div className="field">
                  <span className="field__label">{t('funding.withdraw.currency')}</span>
                  <button
                    type="button"
                    className="fd-select"
                    onClick={() => setSheet('currency')}
                    data-testid="withdraw-currency"
                  >
                    <span className="fd-select__value">
                      {activeCurrency ? <CoinMark currency={activeCurrency} /> : null}
                      {activeCurrency ?? t('funding.errors.selectCurrency')}
                    </span>
                    <DownOutline className="fd-select__chevron" />
                  </button>
                </div>
                <div className="field">
                  <span className="field__label">{t('funding.withdraw.chain')}</span>
                  <button
                    type="button"
                    className="fd-select"
                    onClick={() => setSheet('chain')}
                    disabled={chains.length === 0}
                    data-testid="withdraw-chain"
                  >
                    <span className="fd-select__value">{activeChain ?? '--'}</span>
                    <DownOutline className="fd-select__chevron" />
                  </button>
                </div>
              </div>
              <BoundTarget
                loading={addresses.isPending}
                bound={boundAddress ? <Figure className="fd-bound__mono">{boundAddress.address}</Figure> : null}
                label={t('funding.withdraw.address')}
                missing={t('funding.withdraw.notBound')}
                bindLabel={t('funding.withdraw.bindAddress')}
                changeLabel={t('funding.withdraw.change')}
                to={`${ROUTES.bindWithdrawalAddress}${activeChain ? `?chain=${activeChain}` : ''}`}
                testId="withdraw-address"
              />
            </>
          ) : (
            <>
              <div className="field">
                <span className="field__label">{t('funding.withdraw.currency')}</span>
                <div className="fd-select fd-select--static" data-testid="withdraw-currency">
                  <span className="fd-select__value">
                    <CoinMark currency={p.bankCurrency} />
                    {p.bankCurrency}
                  </span>
                </div>
              </div>
              <BoundTarget
                loading={bank.isPending}
                bound={
                  bank.data ? (
                    <span className="fd-bound__card">
                      <span dir="auto">{bank.data.bankName}</span>
                      <Figure className="fd-bound__mono">{bank.data.cardNumber}</Figure>
                      <span dir="auto" className="fd-bound__sub">
                        {bank.data.userName}
                      </span>
                    </span>
                  ) : null
                }
                label={t('funding.withdraw.card')}
                missing={t('funding.withdraw.bankNotBound')}
                bindLabel={t('funding.withdraw.bindCard')}
                changeLabel={t('funding.withdraw.change')}
                to={ROUTES.saveBank}
                testId="withdraw-card"
              />
            </>
          )}

          <div>
            <TextField
              label={t('funding.withdraw.amount')}
              placeholder={t('funding.withdraw.amountPlaceholder')}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => {
                setAmount(sanitizeAmountInput(e.target.value, scale));
                clear('amount');
              }}
              error={errorText(errors.amount, {
                min: formatDecimal(p.minUsd),
                max: formatDecimal(p.maxUsd),
              })}
              testId="withdraw-amount"
              suffix={
                <span className="fd-addon">
                  <span className="fd-unit">{activeCurrency}</span>
                  <button
                    type="button"
                    className="fd-addon__all"
                    onClick={fillAll}
                    disabled={available === undefined}
                    data-testid="withdraw-all"
                  >
                    {t('funding.withdraw.all')}
                  </button>
                </span>
              }
            />
            <dl className="fd-facts">
              <div>
                <dt>{t('funding.withdraw.available')}</dt>
                <dd>
                  {mode === 'demo' ? (
                    <span data-testid="withdraw-available">{t('funding.withdraw.availableDemo')}</span>
                  ) : (
                    <Figure testId="withdraw-available">
                      {withUnit(available !== undefined ? formatDecimal(available) : null, activeCurrency)}
                    </Figure>
                  )}
                </dd>
              </div>
              <div>
                <dt>
                  {t('funding.withdraw.fee')} <Figure>({formatDecimal(feePercent)}%)</Figure>
                </dt>
                <dd>
                  <Figure testId="withdraw-fee">{withUnit(fee ? formatDecimal(fee) : null, activeCurrency)}</Figure>
                </dd>
              </div>
              <div>
                <dt>{t('funding.withdraw.receive')}</dt>
                <dd>
                  <Figure testId="withdraw-receive" className="fd-facts__strong">
                    {withUnit(amountOk ? formatAmount(amount, scale) : null, activeCurrency)}
                  </Figure>
                </dd>
              </div>
              <div>
                <dt>{t('funding.withdraw.total')}</dt>
                <dd>
                  <Figure testId="withdraw-total">
                    {withUnit(total ? formatDecimal(total) : null, activeCurrency)}
                  </Figure>
                </dd>
              </div>
            </dl>
          </div>

          <div>
            <TextField
              label={t('funding.withdraw.password')}
              placeholder={t('funding.withdraw.passwordPlaceholder')}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value.replace(/\D/g, '').slice(0, 6));
                clear('password');
              }}
              error={errorText(errors.password)}
              testId="withdraw-password"
            />
            {!p.hasWithdrawalPassword ? (
              <p className="fd-note" data-testid="withdraw-password-unset">
                {t('funding.withdraw.passwordUnset')}{' '}
                <Link to={ROUTES.withdrawalPassword} className="link link--strong">
                  {t('funding.withdraw.setPassword')}
                </Link>
              </p>
            ) : null}
          </div>

          <Button
            block
            color="primary"
            size="large"
            className="primary-button"
            loading={submitWithdrawal.isPending}
            disabled={busy}
            onClick={() => void submit()}
            data-testid="withdraw-submit"
          >
            {t('funding.withdraw.submit')}
          </Button>

          <WithdrawalNotice payment={p} />
        </div>
      )}

      <SelectSheet
        visible={sheet === 'currency'}
        title={t('funding.errors.selectCurrency')}
        options={cryptoCurrencies.map((c) => ({
          value: c.currency,
          label: (
            <span className="fd-sheet-coin">
              <CoinMark currency={c.currency} />
              {c.currency}
            </span>
          ),
        }))}
        value={activeCurrency ?? null}
        onSelect={(c) => {
          setCurrency(c);
          setChain(null);
          setAmount('');
          clear('currency');
        }}
        onClose={() => setSheet(null)}
        testId="withdraw-currency"
      />
      <SelectSheet
        visible={sheet === 'chain'}
        title={t('funding.errors.selectChain')}
        options={chains.map((c) => ({
          value: c,
          label: c,
          extra: p?.boundChains.includes(c) ? (
            <span className="fd-sheet-tag">{t('funding.withdraw.bound')}</span>
          ) : (
            <span className="fd-sheet-tag fd-sheet-tag--muted">{t('funding.withdraw.unbound')}</span>
          ),
        }))}
        value={activeChain ?? null}
        onSelect={(c) => {
          setChain(c);
          clear('chain');
        }}
        onClose={() => setSheet(null)}
        testId="withdraw-chain"
      />
    </Page>
  );
}

/** The bound address or card, or the spec's "not bound, bind first" with a button to bind one. */
function BoundTarget({
  loading,
  bound,
  label,
  missing,
  bindLabel,
  changeLabel,
  to,
  testId,
}: {
  loading: boolean;
  bound: ReactNode;
  label: string;
  missing: string;
  bindLabel: string;
  changeLabel: string;
  to: string;
  testId: string;
}) {
  return (
    <div className="field">
      <span className="field__label">
        {label}
        {bound ? (
          <Link to={to} className="link link--strong" data-testid={`${testId}-change`}>
            {changeLabel}
          </Link>
        ) : null}
      </span>
      {loading ? (
        <Skeleton.Paragraph lineCount={1} animated />
      ) : bound ? (
        <div className="fd-bound" data-testid={testId} data-bound="true">
          {bound}
        </div>
      ) : (
        <div className="fd-bound fd-bound--missing" data-testid={testId} data-bound="false">
          <span className="fd-bound__missing">{missing}</span>
          <Link to={to} className="fd-pill-link" data-testid={`${testId}-bind`}>
            {bindLabel}
          </Link>
        </div>
      )}
    </div>
  );
}
