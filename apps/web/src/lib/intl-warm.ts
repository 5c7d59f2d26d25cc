/**
 * ICU's number data opened off the main thread (issue 18 §2; docs/decisions.md, session 42).
 *
 * The first `Intl.NumberFormat` a page builds costs 30–100 ms in Chromium on this machine kind, whatever its options:
 * ICU loads its data then, once per renderer process. On the signed-in home that was the rankings' first render (the
 * compact turnover), one task of ~110 ms at Lighthouse's 4x CPU. A dedicated worker runs in the page's process, so a
 * worker that builds a number format in the interface language while the first screen's data downloads leaves the
 * page's own first format at a fraction of a millisecond. Nothing waits for it: a browser without workers, or one
 * that refuses this one, formats as before.
 */
const warmed = new Set<string>();

/** Starts the warm-up for `locale` (a BCP 47 tag), once per locale. */
export function warmNumberFormats(locale: string): void {
  if (warmed.has(locale) || typeof Worker === 'undefined') return;
  warmed.add(locale);
  try {
    const worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm' });
    worker.postMessage(locale);
  } catch {
    // Formats as before, on the main thread.
  }
}
