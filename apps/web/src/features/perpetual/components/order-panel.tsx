import { ErrorState } from '@/components/ui/error-state';
import { sanitizeAmountInput } from '@/lib/decimal';
import { formatAmount, formatDecimal } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { DEFAULT_LEVERAGE, type PerpOrderType, type PositionSide, type ProductInfo } from '@nexa/contract';
import type { AccountMode } from '@nexa/contract';
import { Checkbox, Skeleton } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  LOTS_MAX_DIGITS,
  type OrderPreview,
  type ValueProblem,
  affordable,
  checkLots,
  checkPositive,
  checkTpSl,
  liquidationPrice,
  maxLots,
  orderPreview,
} from '../model/perp-model';
import { PERP_PATHS } from '../paths';
import { FieldError, Figure, ModeBadge, useProblemText } from './bits';
import { LeverageControl } from './leverage-control';

export interface OrderDraft {
  product: ProductInfo;
  side: PositionSide;
  type: PerpOrderType;
  /** The limit price; undefined for a market order. */
  price?: string;
  /** What the preview was computed at: the limit price or the market price then. */
  reference: string;
  lots: string;
  leverage: number;
  tpPrice: string;
  slPrice: string;
  preview: OrderPreview;
  liquidation: string | null;
}

type Problems = Partial<Record<'price' | 'lots' | 'tp' | 'sl', ValueProblem>>;

const PERCENTS = [25, 50, 75, 100] as const;

/**
 * The order entry of the Perpetual tab (spec §2): market or limit, lots, leverage (10x by default, up to the
 * product's maximum), optional take-profit and stop-loss, the margin and fee it will take (the contract's formulas
 * on the typed values), the available margin, and Long / Short. Nothing invalid is sent: each problem is shown
 * under its field in the user's language.
 */
export function OrderPanel({
  info,
  infoError,
  onRetryInfo,
  mode,
  available,
  busy,
  pickedPrice,
  onOrder,
}: {
  info: ProductInfo | undefined;
  infoError: boolean;
  onRetryInfo: () => void;
  mode: AccountMode;
  available: string | undefined;
  busy: boolean;
  /** A price tapped in the order book: fills the limit price. */
  pickedPrice?: { price: string; at: number };
  onOrder: (draft: OrderDraft) => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const ticker = useTicker(info?.symbol);
  const [type, setType] = useState<PerpOrderType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(DEFAULT_LEVERAGE);
  const [withTpSl, setWithTpSl] = useState(false);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const symbol = info?.symbol;
  const maxLeverage = info?.perpetual.maxLeverage ?? DEFAULT_LEVERAGE;
  const precision = info?.pricePrecision ?? 2;

  // Another product: its own prices; the leverage stays unless the new product does not allow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the product changes
  useEffect(() => {
    setPrice('');
    setTp('');
    setSl('');
    setProblems({});
    setLeverage((l) => Math.min(l, maxLeverage));
  }, [symbol]);

  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!pickedPrice) return;
    setType('limit');
    setPrice(pickedPrice.price);
    setProblems((p) => ({ ...p, price: undefined }));
    // The book sits below the panel: bring the filled price into view.
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [pickedPrice]);

  const reference = type === 'limit' ? price : ticker?.price;
  const spec = info?.perpetual;
  const preview = spec ? orderPreview(reference, lots, leverage, spec) : null;
  const max = spec ? maxLots(available, reference, leverage, spec) : 0n;

  const clear = (field: keyof Problems) => setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p));
  const priceInput = (raw: string) => sanitizeAmountInput(raw, precision);

  const submit = (side: PositionSide) => {
    if (!info || !spec) return;
    const found: Problems = {};
    if (type === 'limit') found.price = checkPositive(price) ?? undefined;
    found.lots = checkLots(lots) ?? undefined;
    const ref = type === 'limit' ? (found.price ? undefined : price) : ticker?.price;
    const draftPreview = ref ? orderPreview(ref, lots, leverage, spec) : null;
    if (!found.lots && draftPreview && !affordable(draftPreview.cost, available)) {
      found.lots = { kind: 'insufficient' };
    }
    const liquidation =
      ref && draftPreview ? liquidationPrice(side, ref, draftPreview.margin, lots, spec.contractSize, precision) : null;
    if (withTpSl && ref) {
      const checked = checkTpSl(tp, sl, { side, reference: ref, liquidation });
      found.tp = checked.tp ?? undefined;
      found.sl = checked.sl ?? undefined;
    }
    setProblems(found);
    if (Object.values(found).some(Boolean) || !ref || !draftPreview) return;
    onOrder({
      product: info,
      side,
      type,
      price: type === 'limit' ? price : undefined,
      reference: ref,
      lots,
      leverage,
      tpPrice: withTpSl ? tp : '',
      slPrice: withTpSl ? sl : '',
      preview: draftPreview,
      liquidation,
    });
  };

  if (infoError && !info) {
    return (
      <section className="perp-panel">
        <ErrorState onRetry={onRetryInfo} />
      </section>
    );
  }

  return (
    <section className="perp-panel" aria-label={t('perpetual.panel')} data-testid="perp-panel" ref={panelRef}>
      <div className="perp-panel__head">
        <fieldset className="perp-seg">
          <legend className="perp-sr-only">{t('perpetual.orderType')}</legend>
          {(['market', 'limit'] as const).map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={type === k}
              className={`perp-seg__item${type === k ? ' perp-seg__item--on' : ''}`}
              onClick={() => {
                setType(k);
                setProblems({});
              }}
              data-testid={`perp-type-${k}`}
            >
              {t(`perpetual.${k}`)}
            </button>
          ))}
        </fieldset>
        <ModeBadge mode={mode} />
      </div>

      {!info ? (
        <div className="perp-panel__loading" aria-busy="true">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : (
        <>
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
                  value={price}
                  onChange={(e) => {
                    setPrice(priceInput(e.target.value));
                    clear('price');
                  }}
                  aria-invalid={problems.price ? true : undefined}
                  aria-describedby={problems.price ? 'perp-price-error' : undefined}
                  data-testid="perp-price"
                />
              ) : (
                <span className="perp-field__static" data-testid="perp-market-price">
                  {t('perpetual.marketPrice')}
                  <Figure className="perp-field__hint">≈ {formatPrice(ticker?.price, precision)}</Figure>
                </span>
              )}
              <span className="perp-field__unit">{info.quote}</span>
            </div>
            {problems.price ? (
              <FieldError id="perp-price">{problemText('price', problems.price, precision)}</FieldError>
            ) : null}
          </div>

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
                value={lots}
                onChange={(e) => {
                  setLots(sanitizeAmountInput(e.target.value, 0, LOTS_MAX_DIGITS));
                  clear('lots');
                }}
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
                    onClick={() => {
                      setLots(n.toString());
                      clear('lots');
                    }}
                    data-testid={`perp-lots-${pct}`}
                  >
                    <Figure>{pct}%</Figure>
                  </button>
                );
              })}
            </div>
          </div>

          <LeverageControl value={leverage} max={maxLeverage} onChange={setLeverage} />

          <div className="perp-tpsl">
            <Checkbox
              checked={withTpSl}
              onChange={(on) => {
                setWithTpSl(on);
                setProblems((p) => ({ ...p, tp: undefined, sl: undefined }));
              }}
              className="perp-checkbox"
              data-testid="perp-tpsl-toggle"
            >
              {t('perpetual.tpsl')}
            </Checkbox>
            {withTpSl ? (
              <div className="perp-tpsl__fields">
                <PriceField
                  id="perp-tp"
                  label={t('perpetual.tpPrice')}
                  value={tp}
                  onChange={(v) => {
                    setTp(priceInput(v));
                    clear('tp');
                  }}
                  error={problems.tp ? problemText('tp', problems.tp, precision) : null}
                  unit={info.quote}
                />
                <PriceField
                  id="perp-sl"
                  label={t('perpetual.slPrice')}
                  value={sl}
                  onChange={(v) => {
                    setSl(priceInput(v));
                    clear('sl');
                  }}
                  error={problems.sl ? problemText('sl', problems.sl, precision) : null}
                  unit={info.quote}
                />
              </div>
            ) : null}
          </div>

          <dl className="perp-facts">
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
        </>
      )}

      <div className="perp-actions">
        <button
          type="button"
          className="perp-button perp-button--long"
          disabled={!info || busy}
          onClick={() => submit('long')}
          data-testid="perp-open-long"
        >
          {t('perpetual.openLong')}
        </button>
        <button
          type="button"
          className="perp-button perp-button--short"
          disabled={!info || busy}
          onClick={() => submit('short')}
          data-testid="perp-open-short"
        >
          {t('perpetual.openShort')}
        </button>
      </div>
    </section>
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
