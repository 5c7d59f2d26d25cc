import { StaleBadge, staleClass } from '@/components/ui/stale';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { ProductInfo } from '@nexa/contract';
import { Checkbox } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LOTS_MAX_DIGITS, type OrderPreview } from '../model/perp-model';
import { PERP_PATHS } from '../paths';
import { FieldError, Figure, useProblemText } from './bits';
import type { OrderForm } from './use-order-form';

const PERCENTS = [25, 50, 75, 100] as const;

/** The limit price input, or the market price it will take. */
export function OrderPriceField({ form, info }: { form: OrderForm; info: ProductInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { type, ticker, precision, problems } = form;
  return (
    <div className={`perp-field${problems.price ? ' perp-field--error' : ''}`}>
      <label className="perp-field__label" htmlFor="perp-price">
        {t('perpetual.orderPrice')}
      </label>
      <div className="perp-field__control">
        {type === 'limit' ? (
          <input
            id="perp-price"
            className="perp-field__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={ticker ? formatPrice(ticker.price, precision).replace(/,/g, '') : ''}
            value={form.price}
            onChange={(e) => {
              form.setPrice(form.priceInput(e.target.value));
              form.clear('price');
            }}
            aria-invalid={problems.price ? true : undefined}
            aria-describedby={problems.price ? 'perp-price-error' : undefined}
            data-testid="perp-price"
          />
        ) : (
          <span className="perp-field__static" data-testid="perp-market-price">
            {t('perpetual.marketPrice')}
            <Figure className={`perp-field__hint${staleClass(form.freshness)}`}>
              ≈ {formatPrice(ticker?.price, precision)}
            </Figure>
            <StaleBadge freshness={form.freshness} />
          </span>
        )}
        <span className="perp-field__unit">{info.quote}</span>
      </div>
      {problems.price ? (
        <FieldError id="perp-price">{problemText('price', problems.price, precision)}</FieldError>
      ) : null}
    </div>
  );
}

/** The lots, with the lot size and quick shares (25 % … 100 %) of the most the balance affords. */
export function LotsField({ form, info }: { form: OrderForm; info: ProductInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { max, problems } = form;
  const setLots = (value: string) => {
    form.setLots(value);
    form.clear('lots');
  };
  return (
    <div className={`perp-field${problems.lots ? ' perp-field--error' : ''}`}>
      <label className="perp-field__label" htmlFor="perp-lots">
        {t('perpetual.lots')}
        <span className="perp-field__aside">
          {t('perpetual.lotSize', { size: formatDecimal(info.perpetual.contractSize), base: info.base })}
        </span>
      </label>
      <div className="perp-field__control">
        <input
          id="perp-lots"
          className="perp-field__input"
          inputMode="numeric"
          autoComplete="off"
          placeholder={max > 0n ? t('perpetual.lotsPlaceholder', { max: max.toString() }) : ''}
          value={form.lots}
          onChange={(e) => setLots(sanitizeAmountInput(e.target.value, 0, LOTS_MAX_DIGITS))}
          aria-invalid={problems.lots ? true : undefined}
          aria-describedby={problems.lots ? 'perp-lots-error' : undefined}
          data-testid="perp-lots"
        />
        <span className="perp-field__unit">{t('perpetual.lotsUnit')}</span>
      </div>
      {problems.lots ? <FieldError id="perp-lots">{problemText('lots', problems.lots)}</FieldError> : null}
      <div className="perp-chips">
        {PERCENTS.map((pct) => {
          const n = (max * BigInt(pct)) / 100n;
          return (
            <button
              key={pct}
              type="button"
              className="perp-chip"
              disabled={n < 1n}
              onClick={() => setLots(n.toString())}
              data-testid={`perp-lots-${pct}`}
            >
              <Figure>{pct}%</Figure>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The TP/SL switch and, when on, the take-profit and stop-loss prices. */
export function TpSlFields({ form, info }: { form: OrderForm; info: ProductInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { problems, precision } = form;
  return (
    <div className="perp-tpsl">
      <Checkbox
        checked={form.withTpSl}
        onChange={(on) => {
          form.setWithTpSl(on);
          form.setProblems((p) => ({ ...p, tp: undefined, sl: undefined }));
        }}
        className="perp-checkbox"
        data-testid="perp-tpsl-toggle"
      >
        {t('perpetual.tpsl')}
      </Checkbox>
      {form.withTpSl ? (
        <div className="perp-tpsl__fields">
          <PriceField
            id="perp-tp"
            label={t('perpetual.tpPrice')}
            value={form.tp}
            onChange={(v) => {
              form.setTp(form.priceInput(v));
              form.clear('tp');
            }}
            error={problems.tp ? problemText('tp', problems.tp, precision) : null}
            unit={info.quote}
          />
          <PriceField
            id="perp-sl"
            label={t('perpetual.slPrice')}
            value={form.sl}
            onChange={(v) => {
              form.setSl(form.priceInput(v));
              form.clear('sl');
            }}
            error={problems.sl ? problemText('sl', problems.sl, precision) : null}
            unit={info.quote}
          />
        </div>
      ) : null}
    </div>
  );
}

/** What the order will take (margin, fee) and the available margin, with a transfer in. */
export function OrderFacts({ preview, available }: { preview: OrderPreview | null; available: string | undefined }) {
  const { t } = useTranslation();
  return (
    <dl className="fact-list perp-facts">
      <div>
        <dt>{t('perpetual.margin')}</dt>
        <dd>
          <Figure testId="perp-preview-margin">{preview ? formatAmount(preview.margin) : '--'}</Figure> USDT
        </dd>
      </div>
      <div>
        <dt>{t('perpetual.fee')}</dt>
        <dd>
          <Figure testId="perp-preview-fee">{preview ? formatAmount(preview.fee) : '--'}</Figure> USDT
        </dd>
      </div>
      <div>
        <dt>{t('perpetual.available')}</dt>
        <dd>
          <Figure testId="perp-available">{available !== undefined ? formatAmount(available) : '--'}</Figure> USDT
          <Link
            to={`${PERP_PATHS.fundTransfer}?from=spot&to=perpetual`}
            className="perp-facts__transfer"
            data-testid="perp-transfer"
          >
            <AddCircleOutline />
            <span>{t('perpetual.transfer')}</span>
          </Link>
        </dd>
      </div>
    </dl>
  );
}

/** A labelled price input with its unit and error line (TP, SL in the panel and the TP/SL sheet). */
export function PriceField({
  id,
  label,
  value,
  onChange,
  error,
  unit,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  unit: string;
  hint?: string;
}) {
  return (
    <div className={`perp-field${error ? ' perp-field--error' : ''}`}>
      <label className="perp-field__label" htmlFor={id}>
        {label}
        {hint ? <span className="perp-field__aside">{hint}</span> : null}
      </label>
      <div className="perp-field__control">
        <input
          id={id}
          className="perp-field__input"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={id}
        />
        <span className="perp-field__unit">{unit}</span>
      </div>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}
