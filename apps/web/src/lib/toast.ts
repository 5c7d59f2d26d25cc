/**
 * antd-mobile's Toast, loaded when first needed rather than with the first route: its Mask fades in with react-spring,
 * ~20 KB gzip that a visitor's first paint does not use (issue 18 §2's 160 KiB budget). The app fetches it right
 * after the first paint (`preloadToast`), so a toast later shows at once; one asked for before it has arrived shows
 * when it does, and a loading toast closed before then never shows.
 */
import type { ReactNode } from 'react';
import { loadOnce } from './async';

// A failed download is forgotten: the next toast tries again.
const loadToast = loadOnce(() => import('antd-mobile/es/components/toast').then((m) => m.default));

/** Starts downloading the Toast now (after the first paint). */
export function preloadToast(): void {
  void loadToast().catch(() => {});
}

/** Shows `content` for `durationMs`. */
export function showToast(content: ReactNode, durationMs: number): void {
  void loadToast()
    .then((toast) => toast.show({ content, duration: durationMs }))
    .catch(() => {});
}

/** Shows a blocking loading toast with `content` until the returned function is called. */
export function showLoadingToast(content: string): () => void {
  let closed = false;
  let close: (() => void) | undefined;
  void loadToast()
    .then((toast) => {
      if (closed) return;
      const handler = toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
      close = () => handler.close();
    })
    .catch(() => {});
  return () => {
    closed = true;
    close?.();
  };
}
