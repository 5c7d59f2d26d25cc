import { request } from '@/lib/http';
import { usePwa } from '@/lib/pwa';

/**
 * Web Push in the browser (issue 16): this browser's subscription, registered with the server. Loaded on demand (the
 * first route does not carry it).
 */
export type PushState = 'unsupported' | 'off' | 'denied' | 'on';

const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && !import.meta.env.DEV;

/** Whether this browser gets the user's notifications (Web Push configured on the server and allowed here). */
export async function pushState(publicKey: string | null): Promise<PushState> {
  if (!publicKey || !pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const sub = await registration?.pushManager.getSubscription();
  return sub ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Asks for permission (when not yet given), subscribes this browser and tells the server. */
export async function enablePush(publicKey: string): Promise<PushState> {
  if (Notification.permission === 'default') {
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') return answer === 'denied' ? 'denied' : 'off';
  }
  if (Notification.permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const sub =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  await request('push/subscribe', {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration();
  const sub = await registration?.pushManager.getSubscription();
  if (sub) {
    await request('push/unsubscribe', { endpoint: sub.endpoint }).catch(() => null);
    await sub.unsubscribe();
  }
  return 'off';
}

/**
 * The installed app of a signed-in user who already allowed notifications keeps its subscription registered with
 * the server (a new session, a new server key): nothing is asked here, only renewed.
 */
export async function renewPush(): Promise<void> {
  if (!usePwa.getState().installed || !pushSupported() || Notification.permission !== 'granted') return;
  const { publicKey } = await request('push/config', {}, { method: 'GET' });
  if (publicKey) await enablePush(publicKey);
}
