import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address, or "+<areaCode><mobile>". */
  to: string;
  scene: string;
  code: string;
  subject: string;
  text: string;
}

export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
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
    const line = { channel: m.channel, to: m.to, scene: m.scene, code: m.code, text: m.text, at: Date.now() };
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
