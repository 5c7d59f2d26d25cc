import { Figure } from '@/components/ui/figure';
import { MoneyFormPage } from '@/components/ui/money-form-page';
import { SelectSheet } from '@/components/ui/select-sheet';
import { SuccessResult } from '@/components/ui/success-result';
import { formatDecimal, isolateLtr } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { Currency } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinMark } from '../components/coin-mark';
import '../components/convert.css';
import { ConvertPair } from '../components/convert-pair';
import { ConvertRecordRow } from '../components/convert-record-row';
import { SlippagePicker } from '../components/slippage-picker';
import { type ConvertForm, useConvertForm } from '../hooks/use-convert-form';
import { useConvertSubmit } from '../hooks/use-convert-submit';
import { rateText } from '../model';

/**
 * Convert (spec §2): consume side (currency, amount, available in the current account's spot wallet, Max), get
 * side (currency, the live quote's receive amount), swap, slippage 0–5 % (§9), the current rate. The submit sends
 * the rate the user confirmed with the slippage allowed around it; the server fills at the best price within it
 * or refuses.
 */
export default function SpotGoodsPage() {
  const { t } = useTranslation();
  const form = useConvertForm();
  const { submit, running, result, working } = useConvertSubmit(form);
  const [sheet, setSheet] = useState<'from' | 'to' | null>(null);
  const { mode, coins, from, to, amountError, slippageError, slippageMax } = form;

  return (
    <MoneyFormPage
      title={t('convert.title')}
      testId="convert-page"
      records={{ to: ROUTES.spotGoodsRecord, label: t('convert.records'), testId: 'convert-records' }}
      source={coins}
      submit={{ label: t('convert.submit'), onClick: submit, loading: running, testId: 'convert-submit' }}
      result={
        result ? (
          <SuccessResult
            title={t('convert.success')}
            text={t('convert.filled', {
              amount: isolateLtr(formatDecimal(result.amountIn)),
              currency: result.currencyIn,
              rate: isolateLtr(rateText(result.currencyOut, result.currencyIn, result.rate, '=')),
            })}
            testId="convert-result"
            textTestId="convert-result-text"
          >
            <ConvertRecordRow record={result} testId="convert-result-record" />
          </SuccessResult>
        ) : null
      }
      footer={<p className="cv-hint">{t('convert.hint')}</p>}
      sheets={
        <>
          <CurrencySheet form={form} side="from" visible={sheet === 'from'} onClose={() => setSheet(null)} />
          <CurrencySheet form={form} side="to" visible={sheet === 'to'} onClose={() => setSheet(null)} />
        </>
      }
    >
      <div className="cv-account">
        <span className="cv-account__wallet">{t('convert.spotWallet')}</span>
        <span
          className={`mode-badge badge ${mode === 'demo' ? 'tone--warning' : 'tone--accent'}`}
          data-testid="convert-mode"
          data-mode={mode}
        >
          {t(`convert.mode.${mode}`)}
        </span>
      </div>
      <ConvertPair form={form} onSheet={setSheet} />
      {amountError ? (
        <p className="field__error cv-error" id="convert-amount-error" data-testid="convert-amount-error">
          {t(amountError)}
        </p>
      ) : null}
      <ConvertDetails form={form} />
      <SlippagePicker
        preset={form.chosenPreset}
        custom={form.custom}
        max={slippageMax}
        error={slippageError ? t(slippageError, { max: slippageMax }) : null}
        onPreset={form.choosePreset}
        onCustom={form.typeSlippage}
      />
      {working ? (
        <output className="callout callout--small tone--accent cv-working" data-testid="convert-working">
          {t(working === 'balancesMoved' ? 'convert.workingMoved' : 'convert.working')}
        </output>
      ) : null}
    </MoneyFormPage>
  );
}

/** The current rate (a dot pulses while it is read again) and the least the user will receive. */
function ConvertDetails({ form }: { form: ConvertForm }) {
  const { t } = useTranslation();
  const { from, to, current, minimum, quoteError } = form;
  return (
    <>
      <dl className="fact-list fact-list--muted cv-details">
        <div>
          <dt>{t('convert.rate')}</dt>
          <dd>
            <span className={`cv-live${form.quote.isFetching ? ' cv-live--busy' : ''}`} aria-hidden="true" />
            <Figure testId="convert-rate">{current ? rateText(from, to, current.rate) : '--'}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('convert.minimum')}</dt>
          <dd>
            <Figure testId="convert-minimum">{minimum ? `${formatDecimal(minimum)} ${to}` : '--'}</Figure>
          </dd>
        </div>
      </dl>
      {quoteError ? (
        <output className="cv-quote-error" data-testid="convert-quote-error">
          {quoteError}
        </output>
      ) : null}
    </>
  );
}

/** Picks one side's currency; the consume side shows what is available of each. */
function CurrencySheet({
  form,
  side,
  visible,
  onClose,
}: {
  form: ConvertForm;
  side: 'from' | 'to';
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectSheet<Currency>
      visible={visible}
      title={t(side === 'from' ? 'convert.selectFrom' : 'convert.selectTo')}
      options={form.currencies.map((c) => {
        const balance = form.availableOf(c);
        return {
          value: c,
          label: (
            <span className="cv-sheet__label">
              <CoinMark currency={c} />
              {c}
            </span>
          ),
          extra:
            side === 'from' && balance !== undefined ? (
              <span className="select-sheet__extra">
                <Figure>{formatDecimal(balance)}</Figure>
              </span>
            ) : undefined,
        };
      })}
      value={side === 'from' ? form.from : form.to}
      onSelect={side === 'from' ? form.chooseFrom : form.chooseTo}
      onClose={onClose}
      testId={`convert-${side}`}
    />
  );
}
