/**
 * The pieces of the product chart that do not need React: the chart's and the series' options from the theme
 * colours, candles turned into series points, the time axis labels and the legend's text.
 */
import { compareDecimal } from '@/lib/decimal';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { Candle, KlineInterval } from '@nexa/contract';
import { Money } from '@nexa/rules';
import {
  ColorType,
  CrosshairMode,
  type ISeriesApi,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type ChartColors, withAlpha } from './chart-theme';

export type View = 'trend' | 'candles';
export type PriceSeries = ISeriesApi<'Area'> | ISeriesApi<'Candlestick'>;
export type VolumeSeries = ISeriesApi<'Histogram'>;

// The last choice, kept while the app runs: switching tabs or products keeps the view and interval.
export const remembered: { view: View; interval: KlineInterval } = { view: 'trend', interval: '1m' };

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

export function priceFormat(precision: number) {
  const p = Math.max(0, Math.min(precision, 12));
  return { type: 'price' as const, precision: p, minMove: Number(`1e-${p}`) };
}

/**
 * The chart's own price labels (axis ticks, crosshair, last price) as the app writes prices: the product's precision
 * and thousands separators ("97,123.45"), through `formatPrice`. The chart hands over a float: it is read as the
 * shortest decimal that prints it, then rounded on the digits like every other price.
 */
export function axisPriceFormatter(precision: number): (price: number) => string {
  return (price) => formatPrice(Number.isFinite(price) ? new Money(price).toFixed() : '', precision);
}

/** The colours of the chart that follow the theme. */
export function themeOptions(colors: ChartColors) {
  return {
    layout: { background: { type: ColorType.Solid, color: colors.background }, textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    crosshair: {
      vertLine: { color: colors.crosshair, labelBackgroundColor: colors.label },
      horzLine: { color: colors.crosshair, labelBackgroundColor: colors.label },
    },
  };
}

/** Everything the chart is created with. */
export function chartOptions(colors: ChartColors) {
  const theme = themeOptions(colors);
  return {
    autoSize: true,
    layout: {
      ...theme.layout,
      fontSize: 11,
      fontFamily: getComputedStyle(document.body).fontFamily,
      attributionLogo: true,
    },
    grid: theme.grid,
    // entireTextOnly: no tick label half cut off at the top or bottom edge of the canvas.
    rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: { top: 0.1, bottom: 0.26 } },
    timeScale: {
      borderVisible: false,
      timeVisible: true,
      secondsVisible: false,
      rightOffset: 4,
      barSpacing: 7,
      tickMarkFormatter: tickMark,
    },
    crosshair: { mode: CrosshairMode.Normal, ...theme.crosshair },
    localization: {
      timeFormatter: (time: Time) => (typeof time === 'number' ? formatDateTime(time * 1000) : String(time)),
    },
  };
}

export function styleSeries(series: PriceSeries | null, view: View, colors: ChartColors) {
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

const areaPoint = (c: Candle) => ({ time: toTime(c.openTime), value: Number(c.close) });
const candlePoint = (c: Candle) => ({
  time: toTime(c.openTime),
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});
const volumePoint = (c: Candle, colors: ChartColors) => ({
  time: toTime(c.openTime),
  value: Number(c.volume),
  color: withAlpha(compareDecimal(c.close, c.open) >= 0 ? colors.up : colors.down, 0.45),
});

/** Puts all the candles on the series. */
export function setSeriesData(
  series: { price: PriceSeries; volume: VolumeSeries; view: View; colors: ChartColors },
  candles: readonly Candle[],
) {
  const { price, volume, view, colors } = series;
  if (view === 'trend') (price as ISeriesApi<'Area'>).setData(candles.map(areaPoint));
  else (price as ISeriesApi<'Candlestick'>).setData(candles.map(candlePoint));
  volume.setData(candles.map((c) => volumePoint(c, colors)));
}

/** One live candle: updates the last bar or appends one. */
export function updateSeries(
  series: { price: PriceSeries; volume: VolumeSeries; view: View; colors: ChartColors },
  c: Candle,
) {
  const { price, volume, view, colors } = series;
  if (view === 'trend') (price as ISeriesApi<'Area'>).update(areaPoint(c));
  else (price as ISeriesApi<'Candlestick'>).update(candlePoint(c));
  volume.update(volumePoint(c, colors));
}

/** The legend of a hovered candle: its time, open, high, low and close; its direction. */
export function legendOf(candle: Candle, precision: number): { text: string; direction: 'up' | 'down' } {
  const p = precision;
  return {
    direction: compareDecimal(candle.close, candle.open) >= 0 ? 'up' : 'down',
    text: `${formatDateTime(candle.openTime)}  O ${formatPrice(candle.open, p)}  H ${formatPrice(
      candle.high,
      p,
    )}  L ${formatPrice(candle.low, p)}  C ${formatPrice(candle.close, p)}`,
  };
}

/** Binary search of the candle that opened at `openTimeMs`. */
export function findCandle(candles: readonly Candle[], openTimeMs: number): Candle | undefined {
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
