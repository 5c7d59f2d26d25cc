import { create } from 'zustand';
import { onInstallPrompt } from './pwa-boot';

/** Chrome's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** The browser's install prompt, kept from page load until the user asks for it (Android Chrome, desktop). */
  installPrompt: BeforeInstallPromptEvent | null;
  /** Running as the installed app (standalone display, or iOS home-screen mode). */
  installed: boolean;
  /** A new version's service worker is waiting: the update prompt offers to reload into it. */
  needRefresh: boolean;
  update: (() => Promise<void>) | null;
}

export const usePwa = create<PwaState>(() => ({
  installPrompt: null,
  installed: false,
  needRefresh: false,
  update: null,
}));

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Starts the installable app's client side (after the first render; the first route does not carry it): keeps the
 * install prompt for the download page, and registers the service worker, noting when an update waits.
 */
export function startPwa(): void {
  usePwa.setState({ installed: standalone() });
  onInstallPrompt((event) => usePwa.setState({ installPrompt: event as BeforeInstallPromptEvent }));
  window.addEventListener('appinstalled', () => usePwa.setState({ installPrompt: null, installed: true }));
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => usePwa.setState({ needRefresh: true }),
    });
    usePwa.setState({ update: () => update(true) });
  });
}

/** Shows the browser's install prompt; true when the user installed. */
export async function promptInstall(): Promise<boolean> {
  const event = usePwa.getState().installPrompt;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  usePwa.setState({ installPrompt: null });
  return outcome === 'accepted';
}
