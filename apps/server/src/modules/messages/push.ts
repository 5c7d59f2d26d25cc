import { type Lang, type Message, PUSHED_MESSAGE_KINDS, isLang } from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Executor } from '../../platform/db.js';
import { PUSH_TEXTS } from './push-texts.js';
import { messagesRepository as repo } from './repository.js';

/** VAPID keys (URL-safe base64) and the contact operators give push services; absent: Web Push is off. */
export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What one push request carries (the service worker shows it and opens `url` on a tap). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export type PushSend = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
) => Promise<unknown>;

/**
 * Web Push for the messages that matter away from the app (settlements, liquidations, review decisions), sent after
 * the transaction that stored them commits. A subscription the push service says is gone (404/410) is dropped.
 */
export class PushSender {
  private send: PushSend | undefined;

  constructor(private readonly d: { db: Executor; log: FastifyBaseLogger; config: WebPushConfig | undefined }) {
    const c = d.config;
    if (c) this.send = (sub, payload) => webpush.sendNotification(sub, payload, { vapidDetails: c, TTL: 3600 });
  }

  /** Tests replace the push service with their own transport. */
  replaceTransport(send: PushSend) {
    this.send = send;
  }

  get publicKey(): string | null {
    return this.d.config?.publicKey ?? null;
  }

  get enabled(): boolean {
    return this.send !== undefined && this.d.config !== undefined;
  }

  /** Sends the pushable ones among `messages` to their owners' browsers; never throws. */
  async deliver(messages: (Message & { userId: string })[]): Promise<void> {
    const send = this.send;
    if (!send || !this.enabled) return;
    const wanted = messages.filter((m) => PUSHED_MESSAGE_KINDS.includes(m.kind));
    if (wanted.length === 0) return;
    try {
      const subs = await repo.subscriptions(this.d.db, [...new Set(wanted.map((m) => m.userId))]);
      await Promise.all(
        wanted.flatMap((m) =>
          subs
            .filter((s) => s.userId === m.userId)
            .map(async (s) => {
              const payload = JSON.stringify(pushPayload(m, isLang(s.lang) ? s.lang : 'en'));
              try {
                await send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload);
              } catch (err) {
                const status = (err as { statusCode?: number }).statusCode;
                if (status === 404 || status === 410) await repo.deleteSubscription(this.d.db, s.endpoint);
                else this.d.log.warn({ err: String(err), status }, 'messages: web push failed');
              }
            }),
        ),
      );
    } catch (err) {
      this.d.log.warn({ err }, 'messages: web push delivery failed');
    }
  }
}

export function pushPayload(m: Message, lang: Lang): PushPayload {
  const texts = PUSH_TEXTS[lang];
  return { title: texts[m.kind], body: texts.open, url: `/h5/#${m.link ?? '/messages'}`, tag: `message-${m.id}` };
}
