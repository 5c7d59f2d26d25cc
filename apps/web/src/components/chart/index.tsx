import { withTimeout } from '@/lib/async';
import { PAGE_LOAD_TIMEOUT_MS } from '@/lib/config';
import { Component, type ErrorInfo, type ReactNode, Suspense, lazy, useState } from 'react';
import { ChartError } from './chart-error';
import type { ProductChartProps } from './types';
import './chart.css';

export type { ProductChartProps };

// lightweight-charts is big: the chart is its own chunk, loaded when a trading tab first shows it.
const load = () => withTimeout(import('./product-chart'), PAGE_LOAD_TIMEOUT_MS);
let LazyChart = lazy(load);

/** The product chart (trend, candles, volume; 1m … 1d; live), loaded on demand. */
export function ProductChart(props: ProductChartProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ChartBoundary
      key={attempt}
      onRetry={() => {
        LazyChart = lazy(load);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<ChartPlaceholder />}>
        <LazyChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}

function ChartPlaceholder() {
  return (
    <section className="chart chart--placeholder" aria-busy="true">
      <div className="chart__canvas-wrap">
        <div className="chart__overlay">
          <span className="chart__spinner" />
        </div>
      </div>
    </section>
  );
}

class ChartBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[chart] failed to load or render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ChartLoadError onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function ChartLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="chart chart--placeholder">
      <div className="chart__canvas-wrap">
        <ChartError onRetry={onRetry} />
      </div>
    </section>
  );
}
