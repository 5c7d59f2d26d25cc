import {
  AreaSeries,
  CandlestickSeries,
  CrosshairMode,
  HistogramSeries,
  type IChartApi,
  type LogicalRange,
  type MouseEventParams,
  createChart,
} from 'lightweight-charts';
import { type MutableRefObject, useCallback, useEffect, useRef } from 'react';
import {
  type PriceSeries,
  type View,
  type VolumeSeries,
  axisPriceFormatter,
  chartOptions,
  findCandle,
  legendOf,
  priceFormat,
  remembered,
  setSeriesData,
  styleSeries,
  themeOptions,
  updateSeries,
} from './chart-series';
import { type ChartColors, readChartColors } from './chart-theme';
import { KlineBuffer } from './kline-buffer';

/** Page back when fewer than this many bars are left of the visible range. */
const PAGE_BACK_MARGIN_BARS = 20;

/**
 * The chart itself: created once in `hostRef`, themed from the CSS variables (and again when the theme switches),
 * a price series of the chosen view over a volume histogram, the legend of the hovered candle. Series are driven
 * straight through the chart's API (`renderAll`, `renderLive`): a tick re-renders no React component.
 */
export function useChart({ view, pricePrecision, locale }: { view: View; pricePrecision: number; locale: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const priceRef = useRef<PriceSeries | null>(null);
  const volumeRef = useRef<VolumeSeries | null>(null);
  const bufferRef = useRef(new KlineBuffer());
  const colorsRef = useRef<ChartColors | null>(null);
  const viewRef = useRef(view);
  const precisionRef = useRef(pricePrecision);
  /** Set by the data (useKlineData): reads the page before the oldest candle. */
  const loadOlderRef = useRef<() => void>(() => undefined);

  const series = useCallback(() => {
    const price = priceRef.current;
    const volume = volumeRef.current;
    const colors = colorsRef.current;
    return price && volume && colors ? { price, volume, colors, view: viewRef.current } : null;
  }, []);

  /** Puts the whole buffer on the series (after a load, a page back, a theme or view change). */
  const renderAll = useCallback(() => {
    const s = series();
    if (s) setSeriesData(s, bufferRef.current.candles);
  }, [series]);

  /** One live candle: update the last bar or append one. */
  const renderLive = useCallback<(c: Parameters<typeof updateSeries>[1]) => void>(
    (c) => {
      const s = series();
      if (s) updateSeries(s, c);
    },
    [series],
  );

  // The chart itself: created once, themed from the CSS variables, destroyed with the component.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const colors = readChartColors();
    colorsRef.current = colors;
    const chart = createChart(host, chartOptions(colors));
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

    // A phone has no pointer resting over the page: a mouse move the chart gets before it is touched is the browser
    // emulating hover at the spot of the tap that opened this page (a Markets row), which drew a crosshair and a
    // legend there and left them. On such a device the crosshair and the legend wait for a touch on the chart.
    let pointing = !window.matchMedia('(hover: none)').matches;
    const wake = () => {
      pointing = true;
      chart.applyOptions({ crosshair: { mode: CrosshairMode.Normal } });
    };
    if (!pointing) {
      chart.applyOptions({ crosshair: { mode: CrosshairMode.Hidden } });
      host.addEventListener('pointerdown', wake, { capture: true, once: true });
    }

    // The legend: the hovered candle's open, high, low, close.
    const onCrosshair = (param: MouseEventParams) => {
      const legend = legendRef.current;
      if (!legend) return;
      const time = typeof param.time === 'number' ? param.time * 1000 : undefined;
      const candle = !pointing || time === undefined ? undefined : findCandle(bufferRef.current.candles, time);
      if (!candle) {
        legend.hidden = true;
        return;
      }
      const { text, direction } = legendOf(candle, precisionRef.current);
      legend.hidden = false;
      legend.dataset.direction = direction;
      legend.textContent = text;
    };
    chart.subscribeCrosshairMove(onCrosshair);

    // The theme switches by an attribute on <html>: follow it.
    const observer = new MutationObserver(() => {
      const next = readChartColors();
      colorsRef.current = next;
      chart.applyOptions(themeOptions(next));
      styleSeries(priceRef.current, viewRef.current, next);
      renderAll();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    return () => {
      host.removeEventListener('pointerdown', wake, { capture: true });
      observer.disconnect();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.remove();
      chartRef.current = null;
      priceRef.current = null;
      volumeRef.current = null;
    };
  }, [renderAll]);

  usePriceSeries(view, { chartRef, colorsRef, viewRef, precisionRef, priceRef }, renderAll);

  useEffect(() => {
    precisionRef.current = pricePrecision;
    priceRef.current?.applyOptions({ priceFormat: priceFormat(pricePrecision) });
    chartRef.current?.applyOptions({ localization: { priceFormatter: axisPriceFormatter(pricePrecision) } });
  }, [pricePrecision]);

  useEffect(() => {
    chartRef.current?.applyOptions({ localization: { locale } });
  }, [locale]);

  return { hostRef, legendRef, chartRef, bufferRef, loadOlderRef, renderAll, renderLive };
}

/** The price series of the chosen view: an area of closes (Trend) or candles. */
function usePriceSeries(
  view: View,
  refs: {
    chartRef: MutableRefObject<IChartApi | null>;
    colorsRef: MutableRefObject<ChartColors | null>;
    viewRef: MutableRefObject<View>;
    precisionRef: MutableRefObject<number>;
    priceRef: MutableRefObject<PriceSeries | null>;
  },
  renderAll: () => void,
) {
  const { chartRef, colorsRef, viewRef, precisionRef, priceRef } = refs;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are stable
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
}
