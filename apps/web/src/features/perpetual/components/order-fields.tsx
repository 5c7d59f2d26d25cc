import { StaleBadge, staleClass } from '@/components/ui/stale';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useAmountInput } from '@/lib/use-amount-input';
import { FactList } from '@/shared/sheet';
import { TransferLink } from '@/shared/trading-bits';
import type { ProductInfo } from '@nexa/contract';
import { Checkbox } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTS_MAX_DIGITS, type OrderPreview } from '../model/perp-model';
import { PERP_PATHS } from '../paths';
import { FieldError, Figure, useProblemText } from './bits';
import type { OrderForm } from './use-order-form';

const PERCENTS = [25, 50, 75, 100] as const;

/**
 * A labelled number input with its unit and error line (`<id>-error`): the order entry's price, lots, TP and SL,
 * and the sheets' TP/SL, lots to close and margin to add.
 */
export function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  unit,
  numeric = false,
  placeholder,
  action,
  replace,
  children,
}: {
  id: string;
  label: string;
  /** Beside the label (the lot size, the open lots, the available margin). */
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  unit: string;
  /** Whole numbers only (lots). */
  numeric?: boolean;
  placeholder?: string;
  /** A button after the input (All, Max). */
  action?: { label: string; onClick: () => void; testId: string };
  /** Shown instead of the input (the market price a market order takes). */
  replace?: ReactNode;
  /** Under the field (quick shares). */
  children?: ReactNode;
}) {
  const text = useAmountInput(value, onChange);
  return (
    <div className={`perp-field${error ? ' perp-field--error' : ''}`}>
      <label className="perp-field__label" htmlFor={id}>
        {label}
        {hint ? <span className="perp-field__aside">{hint}</span> : null}
      </label>
      <div className="perp-field__control">
        {replace ?? (
          <input
            id={id}
            className="perp-field__input"
            inputMode={numeric ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={placeholder}
            {...text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid={id}
          />
        )}
        {action ? (
          <button type="button" className="perp-field__max" onClick={action.onClick} data-testid={action.testId}>
            {action.label}
          </button>
        ) : null}
        <span className="perp-field__unit">{unit}</span>
      </div>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
      {children}
    </div>
  );
}

/** The limit price input, or the market price it will take. */
export function OrderPriceField({ form, info }: { form: OrderForm; info: ProductInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { type, ticker, precision, problems } = form;
  const market = (
    <span className="perp-field__static" data-testid="perp-market-price">
      {t('perpetual.marketPrice')}
      <Figure className={`perp-field__hint${staleClass(form.freshness)}`}>
        ≈ {formatPrice(ticker?.price, precision)}
      </Figure>
      <StaleBadge freshness={form.freshness} />
    </span>
  );
  return (
    <NumberField
      id="perp-price"
      label={t('perpetual.orderPrice')}
      placeholder={ticker ? formatPrice(ticker.price, precision).replace(/,/g, '') : ''}
      value={form.price}
      onChange={(v) => {
        form.setPrice(form.priceInput(v));
        form.clear('price');
      }}
      error={problems.price ? problemText('price', problems.price, precision) : null}
      unit={info.quote}
      replace={type === 'limit' ? undefined : market}
    >
      {/* A limit the market is already through does not wait for its price: said before the user opens it. */}
      {form.fillsNow.map((side) => (
        <p
          key={side}
          className="callout callout--small tone--warning perp-field__note"
          data-testid={`perp-price-fills-now-${side}`}
        >
          {t(`perpetual.fillsNow.${side}`)}
        </p>
      ))}
    </NumberField>
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
    <NumberField
      id="perp-lots"
      label={t('perpetual.lots')}
      hint={t('perpetual.lotSize', { size: formatDecimal(info.perpetual.contractSize), base: info.base })}
      numeric
      placeholder={max > 0n ? t('perpetual.lotsPlaceholder', { max: max.toString() }) : ''}
      value={form.lots}
      onChange={(v) => setLots(sanitizeAmountInput(v, 0, LOTS_MAX_DIGITS))}
      error={problems.lots ? problemText('lots', problems.lots) : null}
      unit={t('perpetual.lotsUnit')}
    >
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
    </NumberField>
  );
}

/** What a take-profit / stop-loss pair of fields needs to know of each of the two. */
export interface TpSlField {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
}

/** The take-profit and stop-loss price fields (`<idPrefix>-tp`, `<idPrefix>-sl`) of the panel and the TP/SL sheet. */
export function TpSlPrices({
  idPrefix,
  unit,
  fields,
}: {
  idPrefix: string;
  unit: string;
  fields: Record<'tp' | 'sl', TpSlField>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['tp', 'sl'] as const).map((k) => (
        <NumberField key={k} id={`${idPrefix}-${k}`} label={t(`perpetual.${k}Price`)} unit={unit} {...fields[k]} />
      ))}
    </>
  );
}

/** The TP/SL switch and, when on, the take-profit and stop-loss prices. */
export function TpSlFields({ form, info }: { form: OrderForm; info: ProductInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { problems, precision } = form;
  const field = (k: 'tp' | 'sl', set: (v: string) => void): TpSlField => ({
    value: form[k],
    onChange: (v) => {
      set(form.priceInput(v));
      form.clear(k);
    },
    error: problems[k] ? problemText(k, problems[k], precision) : null,
  });
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
          <TpSlPrices
            idPrefix="perp"
            unit={info.quote}
            fields={{ tp: field('tp', form.setTp), sl: field('sl', form.setSl) }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** What the order will take (margin, fee) and the available margin, with a transfer in. */
export function OrderFacts({ preview, available }: { preview: OrderPreview | null; available: string | undefined }) {
  const { t } = useTranslation();
  const usdt = (value: string | undefined, testId: string) => (
    <>
      <Figure testId={testId}>{value !== undefined ? formatAmount(value) : '--'}</Figure> USDT
    </>
  );
  const transfer = (
    <TransferLink
      to={`${PERP_PATHS.fundTransfer}?from=spot&to=perpetual`}
      className="perp-facts__transfer"
      label={t('perpetual.transfer')}
      testId="perp-transfer"
    />
  );
  const rows = [
    { label: t('perpetual.margin'), value: usdt(preview?.margin, 'perp-preview-margin') },
    { label: t('perpetual.fee'), value: usdt(preview?.fee, 'perp-preview-fee') },
    {
      label: t('perpetual.available'),
      value: (
        <>
          {usdt(available, 'perp-available')}
          {transfer}
        </>
      ),
    },
  ];
  return <FactList className="fact-list perp-facts" rows={rows} />;
}
