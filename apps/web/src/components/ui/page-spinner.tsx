import { PAGE_SPINNER_DELAY_MS } from '@/lib/config';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

/**
 * A loading mark that appears only if loading takes longer than a blink, so fast loads never flash it. DotLoading, not
 * SpinLoading: this is on the first route (every lazy page's fallback), and SpinLoading animates with react-spring,
 * which would bring ~20 KB gzip to it (DotLoading is an SVG animation, already there for the buttons).
 */
export function PageSpinner({ delayMs = PAGE_SPINNER_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const id = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(id);
  }, [delayMs]);
  return (
    <div className="page-spinner" role="status" aria-busy="true">
      {visible ? <DotLoading color="primary" /> : null}
    </div>
  );
}
