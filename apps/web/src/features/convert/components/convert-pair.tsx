import { Figure } from '@/components/ui/figure';
import { SwapButton } from '@/components/ui/swap-button';
import { formatDecimal } from '@/lib/format';
import { useAmountInput } from '@/lib/use-amount-input';
import type { Currency } from '@nexa/contract';
import { DownOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertForm } from '../hooks/use-convert-form';
import { CoinMark } from './coin-mark';

/** One side of the pair: its label and available balance, the currency button, then the amount or the receive. */
function Side({
  side,
  currency,
  available,
  onPick,
  error,
  children,
}: {
  side: 'from' | 'to';
  currency: Currency;
  available: string | undefined;
  onPick: () => void;
  error?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`cv-card${error ? ' cv-card--error' : ''}${side === 'to' ? ' cv-card--to' : ''}`}
      aria-label={t(`convert.${side}`)}
    >
      <div className="field__label">
        <span>{t(`convert.${side}`)}</span>
        <span className="field__hint cv-card__available">
          {t('convert.available')}{' '}
          <Figure testId={side === 'from' ? 'convert-available' : 'convert-to-available'}>
            {available !== undefined ? formatDecimal(available) : '--'}
          </Figure>{' '}
          {currency}
        </span>
      </div>
      <div className="cv-card__row">
        <button type="button" className="cv-currency" onClick={onPick} data-testid={`convert-${side}`}>
          <CoinMark currency={currency} large />
          <span className="cv-currency__code">{currency}</span>
          <DownOutline className="cv-currency__chevron" />
        </button>
        {children}
      </div>
    </section>
  );
}

/** Consume side (amount, Max), the swap button, get side (the live quote's receive amount). */
export function ConvertPair({ form, onSheet }: { form: ConvertForm; onSheet: (side: 'from' | 'to') => void }) {
  const { t } = useTranslation();
  const { from, to, amountError, receive, hasAmount } = form;
  const amount = useAmountInput(form.amount, form.typeAmount);
  return (
    <div className="cv-pair">
      <Side side="from" currency={from} available={form.available} onPick={() => onSheet('from')} error={!!amountError}>
        <input
          className="cv-card__input"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={t('convert.amount')}
          aria-label={t('convert.amount')}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? 'convert-amount-error' : undefined}
          {...amount}
          data-testid="convert-amount"
        />
        <button type="button" className="amount-suffix__all cv-max" onClick={form.fillMax} data-testid="convert-max">
          {t('convert.max')}
        </button>
      </Side>

      <SwapButton onClick={form.swap} label={t('convert.swap')} className="cv-swap" testId="convert-swap" />

      <Side side="to" currency={to} available={form.availableOf(to)} onPick={() => onSheet('to')}>
        <output
          className={`cv-card__receive${receive ? '' : ' cv-card__receive--empty'}`}
          aria-label={t('convert.receive')}
          aria-busy={hasAmount && !receive}
        >
          <Figure testId="convert-receive">
            {receive ? formatDecimal(receive) : hasAmount && !form.quoteError ? '…' : '0'}
          </Figure>
        </output>
      </Side>
    </div>
  );
}
