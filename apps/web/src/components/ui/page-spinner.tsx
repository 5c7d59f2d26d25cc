import { PAGE_SPINNER_DELAY_MS } from '@/lib/config';
import { SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

/** A spinner that appears only if loading takes longer than a blink, so fast loads never flash it. */
export function PageSpinner({ delayMs = PAGE_SPINNER_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const id = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(id);
  }, [delayMs]);
  return (
    <div className="page-spinner" role="status" aria-busy="true">
      {visible ? <SpinLoading color="primary" style={{ '--size': '32px' }} /> : null}
    </div>
  );
}
