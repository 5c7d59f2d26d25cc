/**
 * The product chart: Trend (an area of closes) or Candles, a volume histogram under the price, intervals 1m … 1d.
 * It reads the latest 300 candles (product/getKline), pages back as the user scrolls left, and follows the live
 * candle on `kline:<SYMBOL>:<interval>` (the last bar updated, or a new one appended). Series are driven straight
 * through the chart's API: a tick re-renders no React component.
 *
 * The chart and its series: use-chart.ts; the candles: use-kline-data.ts; the toolbar, stats and overlays:
 * chart-parts.tsx.
 */
import { useNumberLocale } from '@/components/market/use-number-locale';
import type { KlineInterval } from '@nexa/contract';
import { useState } from 'react';
import { ChartOverlays, ChartToolbar, TickerStats } from './chart-parts';
import { type View, remembered } from './chart-series';
import type { ProductChartProps } from './types';
import { useChart } from './use-chart';
import { useKlineData } from './use-kline-data';

export default function ProductChart({ symbol, pricePrecision }: ProductChartProps) {
  const locale = useNumberLocale();
  const [view, setView] = useState<View>(remembered.view);
  const [interval, setKlineInterval] = useState<KlineInterval>(remembered.interval);
  const chart = useChart({ view, pricePrecision, locale });
  const { status, bars, loadingOlder, retry } = useKlineData(symbol, interval, chart);

  return (
    <section className="chart" data-testid="chart">
      <TickerStats symbol={symbol} precision={pricePrecision} locale={locale} />
      <ChartToolbar view={view} interval={interval} onView={setView} onInterval={setKlineInterval} />
      <div
        className="chart__canvas-wrap"
        data-testid="chart-canvas"
        data-bars={bars}
        data-status={status}
        data-interval={interval}
        data-view={view}
        dir="ltr"
      >
        <div ref={chart.hostRef} className="chart__canvas" />
        <div ref={chart.legendRef} className="chart__legend" hidden />
        <ChartOverlays status={status} bars={bars} loadingOlder={loadingOlder} onRetry={retry} />
      </div>
    </section>
  );
}
