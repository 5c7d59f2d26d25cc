import { request } from '@/lib/http';
import { marketSocket } from '@/lib/market-socket';
import type { Candle, KlineInterval } from '@nexa/contract';
import type { IChartApi } from 'lightweight-charts';
import { type MutableRefObject, useEffect, useState } from 'react';
import { remembered } from './chart-series';
import { KlineBuffer } from './kline-buffer';

/** Candles per request, first page and each page back. */
const PAGE_SIZE = 300;
/** After a failed page back, wait before trying again (the range fires on every pan frame). */
const PAGE_BACK_RETRY_MS = 3_000;

export type ChartStatus = 'loading' | 'ready' | 'error';

interface ChartHandle {
  chartRef: MutableRefObject<IChartApi | null>;
  legendRef: MutableRefObject<HTMLDivElement | null>;
  bufferRef: MutableRefObject<KlineBuffer>;
  loadOlderRef: MutableRefObject<() => void>;
  renderAll: () => void;
  renderLive: (c: Candle) => void;
}

/**
 * The chart's data: the latest 300 candles (product/getKline), pages back as the user scrolls left, and the live
 * candle on `kline:<SYMBOL>:<interval>` (the last bar updated, or a new one appended). Starts over for each
 * product, interval and retry.
 */
export function useKlineData(symbol: string, interval: KlineInterval, chart: ChartHandle) {
  const [status, setStatus] = useState<ChartStatus>('loading');
  const [bars, setBars] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { chartRef, legendRef, bufferRef, loadOlderRef, renderAll, renderLive } = chart;

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

  return { status, bars, loadingOlder, retry: () => setAttempt((n) => n + 1) };
}
