/**
 * The one part of the installable app the first route carries: the browser's install prompt can fire while the app
 * still loads, so it is caught here at once and kept for the download page (lib/pwa, loaded later, takes it over).
 */
let captured: Event | null = null;
const listeners = new Set<(event: Event) => void>();

export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event;
    for (const listener of listeners) listener(event);
  });
}

/** The prompt caught so far (if any), and every later one. */
export function onInstallPrompt(listener: (event: Event) => void): void {
  if (captured) listener(captured);
  listeners.add(listener);
}
