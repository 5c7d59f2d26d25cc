import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Lang } from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MessageKey } from './i18n/en.js';
import { t } from './i18n/translate.js';

/** A notice's key: the prefix of its `.subject` and `.message` sentences. */
type NoticeOf<M> = M extends `${infer K}.subject` ? (`${K}.message` extends MessageKey ? K : never) : never;
type NoticeKey = NoticeOf<MessageKey>;

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address, or "+<areaCode><mobile>". */
  to: string;
  scene: string;
  /** The verification code the message carries, if any. */
  code?: string;
  subject: string;
  text: string;
  /** The language the text is in (the anti-phishing line is added in it). */
  lang: Lang;
  /**
   * The recipient's anti-phishing phrase (null: none), when the sender read it already. A sender inside a
   * transaction must: the lookup would need a second connection (and the embedded database has only one).
   */
  antiPhishing?: string | null;
}

export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/** Where a notice to a user goes: their e-mail, else their mobile. */
export interface Recipient {
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}

/**
 * A notice to a user (`<key>.subject` and `<key>.message` in their language), after the commit of what it tells.
 * Best effort: a failed send never undoes or fails the call that caused it.
 */
export async function sendNotice(
  messenger: Messenger,
  to: Recipient,
  notice: { scene: string; key: NoticeKey; lang: Lang; params: Record<string, string> },
): Promise<void> {
  const { scene, key, lang, params } = notice;
  await messenger
    .send({
      channel: to.email ? 'email' : 'sms',
      to: to.email ?? `+${to.areaCode}${to.mobile}`,
      scene,
      subject: t(lang, `${key}.subject`),
      text: t(lang, `${key}.message`, params),
      lang,
    })
    .catch(() => {});
}

/**
 * With no transport configured, every message is one JSON line in DATA_DIR/outbox.jsonl (ARCHITECTURE §1),
 * so a person or a test can read the codes.
 */
export class OutboxMessenger implements Messenger {
  readonly file: string;
  constructor(
    dataDir: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.file = path.join(dataDir, 'outbox.jsonl');
  }

  async send(m: OutgoingMessage): Promise<void> {
    const line = { channel: m.channel, to: m.to, scene: m.scene, code: m.code ?? null, text: m.text, at: Date.now() };
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    this.log?.info({ channel: m.channel, to: m.to, scene: m.scene, outbox: this.file }, 'message written to outbox');
  }
}

export class SmtpMessenger implements Messenger {
  private readonly transport: nodemailer.Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(m: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}

/** A generic SMS gateway: POST {to, text} as JSON with an optional bearer token. */
export class HttpSmsMessenger implements Messenger {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: m.to, text: m.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** E-mail and SMS each go to their transport when one is configured, else to the outbox. */
export class RoutingMessenger implements Messenger {
  constructor(
    private readonly email: Messenger,
    private readonly sms: Messenger,
  ) {}

  send(m: OutgoingMessage): Promise<void> {
    return m.channel === 'email' ? this.email.send(m) : this.sms.send(m);
  }
}

/** The anti-phishing phrase of the account a message goes to, or null. */
export type PhraseLookup = (channel: OutgoingMessage['channel'], to: string) => Promise<string | null>;

/**
 * Every message the platform sends passes here: when the account it goes to has set an anti-phishing phrase, the
 * text starts with it, so the user can tell our messages from a forgery. The accounts module sets the lookup.
 */
export class PhraseMessenger implements Messenger {
  private lookup: PhraseLookup = async () => null;
  constructor(private readonly inner: Messenger) {}

  setPhraseLookup(lookup: PhraseLookup): void {
    this.lookup = lookup;
  }

  async send(m: OutgoingMessage): Promise<void> {
    const phrase = m.antiPhishing !== undefined ? m.antiPhishing : await this.lookup(m.channel, m.to);
    await this.inner.send(phrase ? { ...m, text: `${t(m.lang, 'message.antiPhishing', { phrase })}\n${m.text}` } : m);
  }
}
