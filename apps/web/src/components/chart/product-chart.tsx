import { useNumberLocale } from '@/components/market/use-number-locale';
import { compareDecimal } from '@/lib/decimal';
import { formatDateTime } from '@/lib/format';
import { request } from '@/lib/http';
import { formatCompact, formatPrice } from '@/lib/market-format';
import { marketSocket } from '@/lib/market-socket';
import { useTicker } from '@/lib/use-market';
/**
 * The product chart: Trend (an area of closes) or Candles, a volume histogram under the price, intervals 1m … 1d.
 * It reads the latest 300 candles (product/getKline), pages back as the user scrolls left, and follows the live
 * candle on `kline:<SYMBOL>:<interval>` (the last bar updated, or a new one appended). Series are driven straight
 * through the chart's API: a tick re-renders no React component.
 */
import { type Candle, KLINE_INTERVALS, type KlineInterval } from '@nexa/contract';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  TickMarkType,
  type Time,
  type UTCTimestamp,
  createChart,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartColors, readChartColors, withAlpha } from './chart-theme';
import { KlineBuffer } from './kline-buffer';
import type { ProductChartProps } from './types';

type View = 'trend' | 'candles';
type Status = 'loading' | 'ready' | 'error';
type PriceSeries = ISeriesApi<'Area'> | ISeriesApi<'Candlestick'>;

/** Candles per request, first page and each page back. */
const PAGE_SIZE = 300;
/** Page back when fewer than this many bars are left of the visible range. */
const PAGE_BACK_MARGIN_BARS = 20;
/** After a failed page back, wait before trying again (the range fires on every pan frame). */
const PAGE_BACK_RETRY_MS = 3_000;

// The last choice, kept while the app runs: switching tabs or products keeps the view and interval.
const remembered: { view: View; interval: KlineInterval } = { view: 'trend', interval: '1m' };

const toTime = (openTimeMs: number) => Math.floor(openTimeMs / 1000) as UTCTimestamp;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function tickMark(time: Time, type: TickMarkType): string | null {
  if (typeof time !== 'number') return null;
  const d = new Date(time * 1000);
  switch (type) {
    case TickMarkType.Year:
      return String(d.getFullYear());
    case TickMarkType.Month:
      return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}`;
    case TickMarkType.DayOfMonth:
      return `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
    case TickMarkType.TimeWithSeconds:
      return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
    default:
      return `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
  }
}

function priceFormat(precision: number) {
  const p = Math.max(0, Math.min(precision, 12));
  return { type: 'price' as const, precision: p, minMove: Number(`1e-${p}`) };
}

function volumeColor(c: Candle, colors: ChartColors): string {
  return withAlpha(compareDecimal(c.close, c.open) >= 0 ? colors.up : colors.down, 0.45);
}

export default function ProductChart({ symbol, pricePrecision }: ProductChartProps) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [view, setView] = useState<View>(remembered.view);
  const [interval, setKlineInterval] = useState<KlineInterval>(remembered.interval);
  const [status, setStatus] = useState<Status>('loading');
  const [bars, setBars] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const hostRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const priceRef = useRef<PriceSeries | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const bufferRef = useRef(new KlineBuffer());
  const colorsRef = useRef<ChartColors | null>(null);
  const viewRef = useRef(view);
  const precisionRef = useRef(pricePrecision);
  const loadOlderRef = useRef<() => void>(() => undefined);

  /** Puts the whole buffer on the series (after a load, a page back, a theme or view change). */
  const renderAll = useCallback(() => {
    const price = priceRef.current;
    const volume = volumeRef.current;
    const colors = colorsRef.current;
    if (!price || !volume || !colors) return;
    const candles = bufferRef.current.candles;
    if (viewRef.current === 'trend') {
      (price as ISeriesApi<'Area'>).setData(candles.map((c) => ({ time: toTime(c.openTime), value: Number(c.close) })));
    } else {
      (price as ISeriesApi<'Candlestick'>).setData(
        candles.map((c) => ({
          time: toTime(c.openTime),
          open: Number(c.open),
          high: Number(c.high),
          low: Number(c.low),
          close: Number(c.close),
        })),
      );
    }
    volume.setData(
      candles.map((c) => ({ time: toTime(c.openTime), value: Number(c.volume), color: volumeColor(c, colors) })),
    );
  }, []);

  /** One live candle: update the last bar or append one. */
  const renderLive = useCallback((c: Candle) => {
    const price = priceRef.current;
    const volume = volumeRef.current;
    const colors = colorsRef.current;
    if (!price || !volume || !colors) return;
    const time = toTime(c.openTime);
    if (viewRef.current === 'trend') (price as ISeriesApi<'Area'>).update({ time, value: Number(c.close) });
    else {
      (price as ISeriesApi<'Candlestick'>).update({
        time,
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
      });
    }
    volume.update({ time, value: Number(c.volume), color: volumeColor(c, colors) });
  }, []);

  // The chart itself: created once, themed from the CSS variables, destroyed with the component.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const colors = readChartColors();
    colorsRef.current = colors;
    const chart = createChart(host, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        fontSize: 11,
        fontFamily: getComputedStyle(document.body).fontFamily,
        attributionLogo: true,
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0.26 } },
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 4,
        barSpacing: 7,
        tickMarkFormatter: tickMark,
      },
      crosshair: {
        mode: CrosshairMode.Normal,
        vertLine: { color: colors.crosshair, labelBackgroundColor: colors.label },
        horzLine: { color: colors.crosshair, labelBackgroundColor: colors.label },
      },
      localization: {
        timeFormatter: (time: Time) => (typeof time === 'number' ? formatDateTime(time * 1000) : String(time)),
      },
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: '',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chartRef.current = chart;
    volumeRef.current = volume;

    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < PAGE_BACK_MARGIN_BARS) loadOlderRef.current();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    // The legend: the hovered candle's open, high, low, close.
    const onCrosshair = (param: MouseEventParams) => {
      const legend = legendRef.current;
      if (!legend) return;
      const time = typeof param.time === 'number' ? param.time * 1000 : undefined;
      const candle = time === undefined ? undefined : findCandle(bufferRef.current.candles, time);
      if (!candle) {
        legend.hidden = true;
        return;
      }
      const p = precisionRef.current;
      const up = compareDecimal(candle.close, candle.open) >= 0;
      legend.hidden = false;
      legend.dataset.direction = up ? 'up' : 'down';
      legend.textContent = `${formatDateTime(candle.openTime)}  O ${formatPrice(candle.open, p)}  H ${formatPrice(
        candle.high,
        p,
      )}  L ${formatPrice(candle.low, p)}  C ${formatPrice(candle.close, p)}`;
    };
    chart.subscribeCrosshairMove(onCrosshair);

    // The theme switches by an attribute on <html>: follow it.
    const observer = new MutationObserver(() => {
      const next = readChartColors();
      colorsRef.current = next;
      chart.applyOptions({
        layout: { background: { type: ColorType.Solid, color: next.background }, textColor: next.text },
        grid: { vertLines: { color: next.grid }, horzLines: { color: next.grid } },
        crosshair: {
          vertLine: { color: next.crosshair, labelBackgroundColor: next.label },
          horzLine: { color: next.crosshair, labelBackgroundColor: next.label },
        },
      });
      styleSeries(priceRef.current, viewRef.current, next);
      renderAll();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    return () => {
      observer.disconnect();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.remove();
      chartRef.current = null;
      priceRef.current = null;
      volumeRef.current = null;
    };
  }, [renderAll]);

  // The price series of the chosen view.
  useEffect(() => {
    const chart = chartRef.current;
    const colors = colorsRef.current;
    if (!chart || !colors) return;
    viewRef.current = view;
    remembered.view = view;
    const format = priceFormat(precisionRef.current);
    const series: PriceSeries =
      view === 'trend'
        ? chart.addSeries(AreaSeries, { lineWidth: 2, priceFormat: format, priceLineVisible: true })
        : chart.addSeries(CandlestickSeries, { borderVisible: false, priceFormat: format });
    styleSeries(series, view, colors);
    priceRef.current = series;
    renderAll();
    return () => {
      // On unmount the chart is gone already (its effect cleans up first).
      if (chartRef.current === chart) chart.removeSeries(series);
      if (priceRef.current === series) priceRef.current = null;
    };
  }, [view, renderAll]);

  useEffect(() => {
    precisionRef.current = pricePrecision;
    priceRef.current?.applyOptions({ priceFormat: priceFormat(pricePrecision) });
  }, [pricePrecision]);

  useEffect(() => {
    chartRef.current?.applyOptions({ localization: { locale } });
  }, [locale]);

  // Data: the latest page, live candles, pages back. Starts over for each product, interval and retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button: it restarts the load
  useEffect(() => {
    remembered.interval = interval;
    const buffer = new KlineBuffer();
    bufferRef.current = buffer;
    const controller = new AbortController();
    let current = true;
    let loaded = false;
    let olderInFlight = false;
    let olderRetryAt = 0;
    /** Live candles that arrive before the first page are applied after it. */
    const early: Candle[] = [];

    setStatus('loading');
    setBars(0);
    setLoadingOlder(false);
    renderAll();
    if (legendRef.current) legendRef.current.hidden = true;

    const fetchPage = (end?: number) =>
      request(
        'product/getKline',
        { symbol, interval, limit: PAGE_SIZE, ...(end === undefined ? {} : { end }) },
        // The chart shows its own error state with a retry.
        { method: 'GET', signal: controller.signal, silent: true },
      );

    const loadLatest = async (first: boolean) => {
      try {
        const data = await fetchPage();
        if (!current) return;
        if (first) buffer.reset(data.list, PAGE_SIZE);
        else buffer.mergeLatest(data.list);
        loaded = true;
        for (const c of early.splice(0)) buffer.applyLive(c);
        renderAll();
        if (first) chartRef.current?.timeScale().scrollToRealTime();
        setBars(buffer.size);
        setStatus('ready');
      } catch {
        if (current && first) setStatus('error');
      }
    };

    loadOlderRef.current = () => {
      if (!loaded || olderInFlight || buffer.exhausted || Date.now() < olderRetryAt) return;
      const end = buffer.oldestOpenTime;
      if (end === undefined) return;
      olderInFlight = true;
      setLoadingOlder(true);
      fetchPage(end)
        .then((data) => {
          if (!current) return;
          if (buffer.prependOlder(data.list, PAGE_SIZE) > 0) {
            renderAll();
            setBars(buffer.size);
          }
        })
        .catch(() => {
          olderRetryAt = Date.now() + PAGE_BACK_RETRY_MS;
        })
        .finally(() => {
          olderInFlight = false;
          if (current) setLoadingOlder(false);
        });
    };

    const off = marketSocket().subscribe(
      `kline:${symbol}:${interval}`,
      (candle) => {
        if (!loaded) {
          early.push(candle);
          return;
        }
        const result = buffer.applyLive(candle);
        if (result === 'ignore') return;
        renderLive(candle);
        if (result === 'append') setBars(buffer.size);
      },
      // Candles were missed: read the latest page again (what the user paged back to stays).
      { onResync: () => void loadLatest(false) },
    );
    void loadLatest(true);

    return () => {
      current = false;
      controller.abort();
      off();
      loadOlderRef.current = () => undefined;
    };
  }, [symbol, interval, attempt, renderAll, renderLive]);

  return (
    <section className="chart" data-testid="chart">
      <TickerStats symbol={symbol} precision={pricePrecision} locale={locale} />
      <div className="chart__toolbar">
        <div className="chart__views" aria-label={t('chart.view')}>
          {(['trend', 'candles'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              aria-label={t(`chart.${v}`)}
              title={t(`chart.${v}`)}
              className="chart__view"
              onClick={() => setView(v)}
              data-testid={`chart-view-${v}`}
            >
              <ViewIcon view={v} />
            </button>
          ))}
        </div>
        <div className="chart__intervals" aria-label={t('chart.interval')}>
          {KLINE_INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              aria-pressed={interval === i}
              className="chart__interval"
              onClick={() => setKlineInterval(i)}
              data-testid={`chart-interval-${i}`}
            >
              {i}
            </button>
          ))}
        </div>
      </div>
      <div
        className="chart__canvas-wrap"
        data-testid="chart-canvas"
        data-bars={bars}
        data-status={status}
        data-interval={interval}
        data-view={view}
        dir="ltr"
      >
        <div ref={hostRef} className="chart__canvas" />
        <div ref={legendRef} className="chart__legend" hidden />
        {loadingOlder ? <span className="chart__older" aria-label={t('common.loading')} /> : null}
        {status === 'loading' ? (
          <output className="chart__overlay" aria-label={t('common.loading')}>
            <span className="chart__spinner" />
          </output>
        ) : null}
        {status === 'error' ? (
          <div className="chart__overlay" role="alert">
            <p className="chart__overlay-text">{t('chart.loadFailed')}</p>
            <button type="button" className="chart__retry" onClick={() => setAttempt((n) => n + 1)} data-testid="retry">
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {status === 'ready' && bars === 0 ? (
          <div className="chart__overlay">
            <p className="chart__overlay-text">{t('chart.noData')}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function styleSeries(series: PriceSeries | null, view: View, colors: ChartColors) {
  if (!series) return;
  if (view === 'trend') {
    (series as ISeriesApi<'Area'>).applyOptions({
      lineColor: colors.accent,
      topColor: withAlpha(colors.accent, 0.28),
      bottomColor: withAlpha(colors.accent, 0.02),
    });
  } else {
    (series as ISeriesApi<'Candlestick'>).applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
  }
}

/** The view switch's icons: a line for Trend, two candles for Candles. */
function ViewIcon({ view }: { view: View }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 18 18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {view === 'trend' ? (
        <path d="M2 13l4-4.5 3 2.5 6.5-7" />
      ) : (
        <>
          <path d="M5.5 2.5v13M12.5 2.5v13" />
          <rect x="3.5" y="5" width="4" height="6.5" rx="1" fill="currentColor" />
          <rect x="10.5" y="7" width="4" height="5" rx="1" />
        </>
      )}
    </svg>
  );
}

/** Binary search of the candle that opened at `openTimeMs`. */
function findCandle(candles: readonly Candle[], openTimeMs: number): Candle | undefined {
  let lo = 0;
  let hi = candles.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = candles[mid]!;
    if (c.openTime === openTimeMs) return c;
    if (c.openTime < openTimeMs) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** The header row: 24h open, high, low and turnover from the live ticker. */
function TickerStats({ symbol, precision, locale }: { symbol: string; precision: number; locale: string }) {
  const { t } = useTranslation();
  const ticker = useTicker(symbol);
  const cells: { key: string; label: string; value: string }[] = [
    { key: 'open', label: t('market.open24h'), value: formatPrice(ticker?.open, precision) },
    { key: 'high', label: t('market.high24h'), value: formatPrice(ticker?.high, precision) },
    { key: 'low', label: t('market.low24h'), value: formatPrice(ticker?.low, precision) },
    { key: 'turnover', label: t('market.turnover24h'), value: formatCompact(ticker?.turnover, locale) },
  ];
  return (
    <dl className="chart__stats" data-testid="chart-stats">
      {cells.map((c) => (
        <div key={c.key} className="chart__stat" data-testid={`chart-stat-${c.key}`}>
          <dt>{c.label}</dt>
          <dd>
            <bdi>{c.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
