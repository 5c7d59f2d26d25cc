import { request } from '@/lib/http';
import { marketSocket } from '@/lib/market-socket';
import type { Depth, Trade } from '@nexa/contract';
import { useEffect, useState } from 'react';
import { mergeTrades, newerDepth } from './book-model';

export type DepthStatus = 'loading' | 'ready' | 'error';

/**
 * The order book and latest trades of `symbol`: product/getProductDown first, then `depth:<SYMBOL>` (the full
 * book each time) and `trades:<SYMBOL>` (new trades). After missed messages REST is read again.
 */
export function useMarketDepth(symbol: string | undefined) {
  const [depth, setDepth] = useState<Depth | null>(null);
  const [trades, setTrades] = useState<Trade[]>([]);
  const [status, setStatus] = useState<DepthStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button: it restarts the load
  useEffect(() => {
    if (!symbol) return;
    const controller = new AbortController();
    let current = true;
    setDepth(null);
    setTrades([]);
    setStatus('loading');

    const load = async (first: boolean) => {
      try {
        const data = await request(
          'product/getProductDown',
          { symbol },
          // The tables show their own error state.
          { method: 'GET', signal: controller.signal, silent: true },
        );
        if (!current) return;
        setDepth((held) => newerDepth(held, data.depth));
        setTrades((held) => mergeTrades(held, data.trades));
        setStatus('ready');
      } catch {
        if (current && first) setStatus((s) => (s === 'ready' ? s : 'error'));
      }
    };

    const resync = () => void load(false);
    const offDepth = marketSocket().subscribe(
      `depth:${symbol}`,
      (book) => {
        setDepth((held) => newerDepth(held, book));
        setStatus('ready');
      },
      { onResync: resync },
    );
    const offTrades = marketSocket().subscribe(
      `trades:${symbol}`,
      (list) => setTrades((held) => mergeTrades(held, list)),
      {
        onResync: resync,
      },
    );
    void load(true);
    return () => {
      current = false;
      controller.abort();
      offDepth();
      offTrades();
    };
  }, [symbol, attempt]);

  return { depth, trades, status, retry: () => setAttempt((n) => n + 1) };
}
