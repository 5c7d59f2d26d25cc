import { browserSchedule } from './async';
import { API_BASE } from './config';
import { getSession } from './session-store';
/**
 * The app's one WebSocket (lib/ws-client.ts), on the same origin as the page: `/api/ws`. Market channels for
 * everyone; the `user` channel authenticated with the session's token.
 */
import { lastUserEventSeq } from './user-event-cursor';
import { type WsClient, createWsClient } from './ws-client';

function socketUrl(): string {
  const base = new URL(`${API_BASE.replace(/\/+$/, '')}/ws`, window.location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return base.toString();
}

let client: WsClient | null = null;

/** Created on first use, so the first route neither downloads nor opens anything for market data. */
export function marketSocket(): WsClient {
  if (client) return client;
  const created = createWsClient({
    url: socketUrl,
    createSocket: (url) => new WebSocket(url),
    schedule: browserSchedule,
    now: () => Date.now(),
    getToken: () => getSession().token,
    userSince: lastUserEventSeq,
  });
  // Back online or back on screen: do not sit out the rest of a long back-off.
  window.addEventListener('online', () => created.reconnectNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') created.reconnectNow();
  });
  client = created;
  return created;
}
