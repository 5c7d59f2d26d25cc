import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RawData, WebSocket, WebSocketServer } from 'ws';

/**
 * A local stand-in for OKX v5 public market data, for tests: REST `GET /api/v5/market/candles`,
 * `/api/v5/market/history-candles` and `/api/v5/market/ticker`, and the public WebSocket at `/ws/v5/public`
 * (subscribe / unsubscribe answered per arg, text `ping` answered with `pong`). Listens on 127.0.0.1, port 0.
 *
 *   const okx = await OkxFakeServer.start();
 *   new OkxSource({ restUrl: okx.restUrl, wsUrl: okx.wsUrl });
 *   okx.pushTicker('BTC-USDT', { last: '65000.1', lastSz: '0.01', ts: '1700000000000' });
 *   await okx.close();
 */

/** An OKX candle row: [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm], all strings. */
export type OkxCandleRow = [string, string, string, string, string, string, string, string, string];

export interface OkxTicker {
  instType: string;
  instId: string;
  last: string;
  lastSz: string;
  askPx: string;
  askSz: string;
  bidPx: string;
  bidSz: string;
  open24h: string;
  high24h: string;
  low24h: string;
  volCcy24h: string;
  vol24h: string;
  sodUtc0: string;
  sodUtc8: string;
  ts: string;
}

/** A book level as OKX sends it: [price, size, liquidatedOrders (always "0"), orders]. */
export type OkxBookLevel = [string, string, string, string];

export interface OkxTradePush {
  tradeId: string;
  px: string;
  sz: string;
  side: 'buy' | 'sell';
  ts: string;
}

export interface FakeRestFailure {
  /** OKX error code in the body; default '50011'. */
  code?: string;
  /** Default 'Too Many Requests'. */
  msg?: string;
  /** HTTP status; default 200 (OKX signals most errors in the body only). */
  status?: number;
  /** How many of the next matching requests fail; default 1 (Infinity: until `failRest(undefined)`). */
  times?: number;
  /** Only requests to this path fail (e.g. '/api/v5/market/ticker'); default all. */
  path?: string;
}

export interface FakeRestRequest {
  path: string;
  query: Record<string, string>;
}

/** Builds a candle row; `confirm` defaults to '1' (finished). */
export function okxCandle(
  ts: number,
  o: string,
  h: string,
  l: string,
  c: string,
  vol = '1',
  confirm: '0' | '1' = '1',
  volCcyQuote = '0',
): OkxCandleRow {
  return [String(ts), o, h, l, c, vol, volCcyQuote, volCcyQuote, confirm];
}

/** A complete ticker object; fields not given default to `last`, sizes to '0' / '1', ts to now. */
export function fullTicker(instId: string, t: Partial<OkxTicker> & { last: string }): OkxTicker {
  const { last } = t;
  return {
    instType: 'SPOT',
    instId,
    lastSz: '0',
    askPx: last,
    askSz: '1',
    bidPx: last,
    bidSz: '1',
    open24h: last,
    high24h: last,
    low24h: last,
    volCcy24h: '0',
    vol24h: '0',
    sodUtc0: last,
    sodUtc8: last,
    ts: String(Date.now()),
    ...t,
  };
}

const CHANNELS = new Set(['tickers', 'books5', 'books', 'bbo-tbt', 'trades', 'candle1m', 'mark-price']);

interface Client {
  ws: WebSocket;
  connId: string;
  subs: Set<string>;
}

export class OkxFakeServer {
  /** WebSocket connections accepted so far. */
  connections = 0;
  /** `subscribe` messages received, and the args they carried (total and per message). */
  subscribeMessages = 0;
  subscriptions = 0;
  readonly subscribeBatches: number[] = [];
  /** Text `ping`s received. */
  pings = 0;
  /** Every REST request, in order. */
  readonly restRequests: FakeRestRequest[] = [];

  private readonly clients = new Set<Client>();
  private readonly candles = new Map<string, OkxCandleRow[]>();
  private readonly tickers = new Map<string, OkxTicker>();
  private failure: (FakeRestFailure & { left: number }) | undefined;
  private hanging = false;
  private muted = false;

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly restUrl: string,
    readonly wsUrl: string,
  ) {}

  static async start(): Promise<OkxFakeServer> {
    const server = createServer();
    const wss = new WebSocketServer({ server, path: '/ws/v5/public' });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const fake = new OkxFakeServer(server, wss, `http://127.0.0.1:${port}`, `ws://127.0.0.1:${port}/ws/v5/public`);
    server.on('request', (req, res) => fake.onRequest(req, res));
    wss.on('connection', (ws) => fake.onConnection(ws));
    return fake;
  }

  // --- REST -------------------------------------------------------------------------------------------

  /** Candle rows for an instrument, in any order (served newest first, like OKX). */
  setCandles(instId: string, rows: OkxCandleRow[]): void {
    this.candles.set(
      instId,
      [...rows].sort((a, b) => Number(b[0]) - Number(a[0])),
    );
  }

  setTicker(instId: string, ticker: Partial<OkxTicker> & { last: string }): void {
    this.tickers.set(instId, fullTicker(instId, ticker));
  }

  /** Make the next REST request(s) answer with an OKX error; `undefined` clears it. */
  failRest(failure: FakeRestFailure | undefined = {}): void {
    this.failure = failure && { ...failure, left: failure.times ?? 1 };
  }

  /** While on, REST requests are accepted and never answered (to test timeouts). */
  hangRest(on = true): void {
    this.hanging = on;
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.restUrl);
    const query = Object.fromEntries(url.searchParams);
    this.restRequests.push({ path: url.pathname, query });
    if (this.hanging) return;
    const f = this.failure;
    if (f && f.left > 0 && (!f.path || f.path === url.pathname)) {
      f.left -= 1;
      this.json(res, { code: f.code ?? '50011', msg: f.msg ?? 'Too Many Requests', data: [] }, f.status ?? 200);
      return;
    }
    if (req.method !== 'GET') {
      this.json(res, { code: '50000', msg: 'Method not allowed', data: [] }, 405);
      return;
    }
    switch (url.pathname) {
      case '/api/v5/market/candles':
      case '/api/v5/market/history-candles':
        this.serveCandles(res, query, url.pathname.endsWith('history-candles') ? 100 : 300);
        return;
      case '/api/v5/market/ticker': {
        const t = query.instId ? this.tickers.get(query.instId) : undefined;
        if (!query.instId) this.json(res, { code: '50014', msg: 'Parameter instId can not be empty', data: [] });
        else this.json(res, { code: '0', msg: '', data: t ? [t] : [] });
        return;
      }
      default:
        this.json(res, { msg: '', code: '50000', data: [] }, 404);
    }
  }

  private serveCandles(res: ServerResponse, query: Record<string, string>, max: number): void {
    if (!query.instId) {
      this.json(res, { code: '50014', msg: 'Parameter instId can not be empty', data: [] });
      return;
    }
    if (query.bar !== undefined && query.bar !== '1m') {
      this.json(res, { code: '51000', msg: 'Parameter bar error', data: [] });
      return;
    }
    const limit = Math.min(max, Math.max(1, Number(query.limit ?? 100) || 100));
    let rows = this.candles.get(query.instId) ?? [];
    // OKX: `after` = older than ts, `before` = newer than ts.
    if (query.after) rows = rows.filter((r) => Number(r[0]) < Number(query.after));
    if (query.before) rows = rows.filter((r) => Number(r[0]) > Number(query.before));
    this.json(res, { code: '0', msg: '', data: rows.slice(0, limit) });
  }

  private json(res: ServerResponse, body: unknown, status = 200): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  // --- WebSocket --------------------------------------------------------------------------------------

  get openConnections(): number {
    return [...this.clients].filter((c) => c.ws.readyState === WebSocket.OPEN).length;
  }

  /** Whether an open connection is subscribed to this channel and instrument. */
  isSubscribed(channel: string, instId: string): boolean {
    return [...this.clients].some((c) => c.ws.readyState === WebSocket.OPEN && c.subs.has(`${channel}:${instId}`));
  }

  /** While on, `ping` gets no `pong` (a silent, half-dead connection). */
  mute(on = true): void {
    this.muted = on;
  }

  private onConnection(ws: WebSocket): void {
    this.connections += 1;
    const client: Client = { ws, connId: randomUUID().slice(0, 8), subs: new Set() };
    this.clients.add(client);
    ws.on('close', () => this.clients.delete(client));
    ws.on('error', () => this.clients.delete(client));
    ws.on('message', (data: RawData) => this.onMessage(client, data.toString()));
  }

  private onMessage(client: Client, text: string): void {
    if (text === 'ping') {
      this.pings += 1;
      if (!this.muted) client.ws.send('pong');
      return;
    }
    let msg: { op?: unknown; args?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      this.send(client, { event: 'error', code: '60012', msg: `Invalid request: ${text}`, connId: client.connId });
      return;
    }
    if ((msg.op !== 'subscribe' && msg.op !== 'unsubscribe') || !Array.isArray(msg.args)) {
      this.send(client, { event: 'error', code: '60012', msg: `Invalid request: ${text}`, connId: client.connId });
      return;
    }
    if (msg.op === 'subscribe') {
      this.subscribeMessages += 1;
      this.subscriptions += msg.args.length;
      this.subscribeBatches.push(msg.args.length);
    }
    for (const arg of msg.args as { channel?: unknown; instId?: unknown }[]) {
      if (typeof arg?.channel !== 'string' || !CHANNELS.has(arg.channel) || typeof arg.instId !== 'string') {
        this.send(client, {
          event: 'error',
          code: '60018',
          msg: `Wrong URL or channel:${String(arg?.channel)},instId:${String(arg?.instId)} doesn't exist.`,
          connId: client.connId,
        });
        continue;
      }
      const key = `${arg.channel}:${arg.instId}`;
      if (msg.op === 'subscribe') client.subs.add(key);
      else client.subs.delete(key);
      this.send(client, { event: msg.op, arg: { channel: arg.channel, instId: arg.instId }, connId: client.connId });
    }
  }

  private send(client: Client, message: unknown): boolean {
    if (client.ws.readyState !== WebSocket.OPEN) return false;
    client.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    return true;
  }

  /** Sends a channel push to every open connection subscribed to it; returns how many got it. */
  private pushTo(channel: string, instId: string, data: unknown[]): number {
    let n = 0;
    for (const c of this.clients) {
      if (c.subs.has(`${channel}:${instId}`) && this.send(c, { arg: { channel, instId }, data })) n += 1;
    }
    return n;
  }

  pushTicker(instId: string, ticker: Partial<OkxTicker> & { last: string }): number {
    return this.pushTo('tickers', instId, [fullTicker(instId, ticker)]);
  }

  pushBooks5(instId: string, book: { bids: OkxBookLevel[]; asks: OkxBookLevel[]; ts: string; seqId?: number }): number {
    return this.pushTo('books5', instId, [{ instId, seqId: 1, ...book }]);
  }

  pushTrades(instId: string, trades: OkxTradePush[]): number {
    return this.pushTo(
      'trades',
      instId,
      trades.map((t) => ({ instId, count: '1', ...t })),
    );
  }

  /** Any message (object → JSON, string as is) to every open connection, subscribed or not. */
  pushRaw(message: unknown): number {
    let n = 0;
    for (const c of this.clients) if (this.send(c, message)) n += 1;
    return n;
  }

  pushError(code = '60012', msg = 'Invalid request'): number {
    let n = 0;
    for (const c of this.clients) if (this.send(c, { event: 'error', code, msg, connId: c.connId })) n += 1;
    return n;
  }

  /** Cuts every WebSocket connection without a close frame (like a network drop); returns how many. */
  dropAll(): number {
    const n = this.clients.size;
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    return n;
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
