import { randomBytes } from 'node:crypto';
import type {
  AdminSupportConversation,
  AdminSupportThread,
  KefuData,
  SupportChannelSettings,
  SupportHistoryData,
  SupportMessage,
  UserFrame,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.js';
import {
  TINY_PNG,
  type TestApp,
  WsTestClient,
  call,
  createTestApp,
  loginOperator,
  registerUser,
  until,
  uploadFile,
} from '../../testing.js';

/**
 * Customer service (issue 16): the channels operators set, the user's conversation (text and images, live answers,
 * paged history), visitors answered by e-mail, and the operators' inbox. Every write is checked for what it must
 * refuse: bad input, someone else's images, a closed conversation, too many visitor messages from one address.
 */
let t: TestApp;
let url: string;
const sockets: WsTestClient[] = [];
beforeAll(async () => {
  t = await createTestApp({
    supportChannels: { email: 'help@nexa.example', telegram: 'nexa_help', whatsapp: null, chat: null },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

type User = Awaited<ReturnType<typeof registerUser>>;
const admin = <T = unknown>(token: string, path: string, body: object = {}) =>
  call<T>(t.app, path, body, { 'ADMIN-TOKEN': token });
const png = async (u: User) => (await uploadFile(t.app, u.token, TINY_PNG)).data.name;
const userIdOf = async (u: User) =>
  (await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${u.user.uid}`))[0]!
    .id;
const conversationOf = async (u: User) =>
  (
    await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT c.id::text AS id FROM support_conversations c JOIN users u ON u.id = c.user_id
          WHERE u.uid = ${u.user.uid}`,
    )
  )[0]!.id;
const auditOf = (entityId: string) =>
  queryRows<{ action: string }>(
    t.database.db,
    sql`SELECT action FROM audit_log WHERE entity = 'support_conversation' AND entity_id = ${entityId} ORDER BY id`,
  );

async function adminUpload(token: string, conversationId: string, bytes: Buffer) {
  const boundary = `----nexa${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/supportUpload?id=${conversationId}`,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'admin-token': token, lang: 'en' },
  });
  return res.json() as { code: number; msg: string; data: { name: string; url: string } };
}

describe('index/kefu and the channels operators set', () => {
  it('offers the configured channels, each with the link a phone opens, to anyone', async () => {
    const res = await call<KefuData>(t.app, 'index/kefu');
    expect(res.code).toBe(1);
    expect(res.data.channels).toEqual([
      { kind: 'email', label: 'help@nexa.example', url: 'mailto:help@nexa.example' },
      { kind: 'telegram', label: '@nexa_help', url: 'https://t.me/nexa_help' },
    ]);
  });

  it('lets an operator change them (audited), checks each format, and refuses users', async () => {
    const op = await loginOperator(t);
    const body = {
      email: 'care@nexa.example',
      telegram: '@NexaCare',
      whatsapp: '+44 7700 900123',
      chat: 'https://chat.nexa.example/widget?id=1',
    };
    const set = await admin<SupportChannelSettings>(op.token, 'admin/setSupportChannels', body);
    expect(set.code).toBe(1);
    expect(set.data).toEqual({ ...body, telegram: 'NexaCare', whatsapp: '447700900123' });
    const kefu = await call<KefuData>(t.app, 'index/kefu');
    expect(kefu.data.channels.map((c) => c.url)).toEqual([
      'mailto:care@nexa.example',
      'https://t.me/NexaCare',
      'https://wa.me/447700900123',
      'https://chat.nexa.example/widget?id=1',
    ]);
    expect(kefu.data.channels[3]!.label).toBe('chat.nexa.example');
    const audit = await queryRows<{ before: unknown; after: unknown }>(
      t.database.db,
      sql`SELECT before, after FROM audit_log WHERE action = 'support.channels' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(audit[0]!.before)).toContain('help@nexa.example');

    const bad: [string, unknown][] = [
      ['email', 'not-an-address'],
      ['telegram', 'ab'],
      ['telegram', 'has space'],
      ['whatsapp', '12345'],
      ['whatsapp', '+1 555 CALL NOW'],
      ['chat', 'http://chat.nexa.example'],
      ['chat', 'javascript:alert(1)'],
      ['chat', 'https://user:pw@chat.nexa.example'],
      ['chat', `https://chat.nexa.example/${'a'.repeat(600)}`],
    ];
    for (const [field, value] of bad) {
      const res = await admin(op.token, 'admin/setSupportChannels', { ...body, [field]: value });
      expect(res.code, `${field}=${value}`).toBe(400);
      expect((res.data as { fields: { field: string }[] }).fields[0]!.field).toBe(field);
    }
    // Blank turns a channel off.
    await admin(op.token, 'admin/setSupportChannels', { ...body, whatsapp: '', chat: null });
    expect((await call<KefuData>(t.app, 'index/kefu')).data.channels.map((c) => c.kind)).toEqual(['email', 'telegram']);
    const u = await registerUser(t);
    expect((await call(t.app, 'admin/setSupportChannels', body, { TOKEN: u.token })).code).toBe(401);
  });
});

describe('the user conversation', () => {
  it('keeps text and images, stores HTML as plain text, and pages the history', async () => {
    const u = await registerUser(t);
    expect((await u.as<SupportHistoryData>('support/history')).data).toEqual({
      status: null,
      list: [],
      hasMore: false,
    });
    const image = await png(u);
    const html = '<img src=x onerror=alert(1)><b>help</b>\nsecond line';
    const sent = await u.as<SupportMessage>('support/send', { text: html, images: [image] });
    expect(sent.code).toBe(1);
    expect(sent.data.text).toBe(html);
    expect(sent.data.images).toEqual([{ name: image, url: `/api/common/file/${image}` }]);
    for (let i = 1; i <= 6; i++) await u.as('support/send', { text: `message ${i}` });

    const first = await u.as<SupportHistoryData>('support/history', { pageSize: 3 });
    expect(first.data.status).toBe('open');
    expect(first.data.list.map((m) => m.text)).toEqual(['message 4', 'message 5', 'message 6']);
    expect(first.data.hasMore).toBe(true);
    const second = await u.as<SupportHistoryData>('support/history', { pageSize: 3, before: first.data.list[0]!.id });
    expect(second.data.list.map((m) => m.text)).toEqual(['message 1', 'message 2', 'message 3']);
    const last = await u.as<SupportHistoryData>('support/history', { pageSize: 3, before: second.data.list[0]!.id });
    expect(last.data.list.map((m) => m.text)).toEqual([html]);
    expect(last.data.hasMore).toBe(false);

    for (const body of [{ pageSize: 51 }, { pageSize: 0 }, { before: 'abc' }, { before: '1; DROP' }]) {
      expect((await u.as('support/history', body)).code, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses empty, oversized and control-character text, and images that are not the user’s', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const theirs = await png(other);
    const mine = await Promise.all([png(u), png(u), png(u), png(u), png(u)]);
    const cases: [object, string][] = [
      [{ text: '' }, 'text'],
      [{ text: '   ', images: [] }, 'text'],
      [{ text: 'x'.repeat(2001) }, 'text'],
      [{ text: 'bad\u0000byte' }, 'text'],
      [{ text: 'hi', images: [theirs] }, 'images'],
      [{ text: 'hi', images: ['0123456789abcdef0123456789abcdef.png'] }, 'images'],
      [{ text: 'hi', images: ['../../etc/passwd'] }, 'images'],
      [{ text: 'hi', images: [mine[0], mine[0]] }, 'images'],
      [{ text: 'hi', images: mine }, 'images'],
    ];
    for (const [body, field] of cases) {
      const res = await u.as<{ fields: { field: string }[] }>('support/send', body);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.data.fields[0]!.field.startsWith(field)).toBe(true);
    }
    expect((await u.as('support/send', { text: 'x'.repeat(2000) })).code).toBe(1);
    // Not an image, or too large: the upload itself is refused.
    expect((await uploadFile(t.app, u.token, Buffer.from('<svg onload=alert(1)>'))).code).toBe(0);
    expect((await uploadFile(t.app, u.token, Buffer.alloc(5 * 1024 * 1024 + 1, 0x89))).code).toBe(0);
    expect((await call(t.app, 'support/send', { text: 'hi' })).code).toBe(401);
    expect((await call(t.app, 'support/history')).code).toBe(401);
  });

  it('shows a user only their own conversation and images', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const image = await png(a);
    await a.as('support/send', { text: 'mine', images: [image] });
    expect((await b.as<SupportHistoryData>('support/history')).data.list).toEqual([]);
    const read = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/common/file/${image}`, headers: { token } });
    expect((await read(a.token)).statusCode).toBe(200);
    expect((await read(b.token)).json().code).toBe(404);
  });

  it('makes one conversation of fifty messages sent at once', async () => {
    const u = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => u.as<SupportMessage>('support/send', { text: `m${i}` })),
    );
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(new Set(results.map((r) => r.data.conversationId)).size).toBe(1);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM support_messages WHERE conversation_id = ${results[0]!.data.conversationId}`,
    );
    expect(rows[0]!.n).toBe(50);
  });
});

describe('the operators’ side', () => {
  it('lists, assigns, answers live with an image, closes and reopens, each audited', async () => {
    const op = await loginOperator(t);
    const other = await loginOperator(t);
    const u = await registerUser(t);
    await u.as('support/send', { text: 'my deposit is late' });
    const id = await conversationOf(u);

    const unassigned = await admin<{ list: AdminSupportConversation[] }>(op.token, 'admin/supportConversations', {
      status: 'open',
      assigned: 'unassigned',
      pageSize: 100,
    });
    const listed = unassigned.data.list.find((c) => c.id === id)!;
    expect(listed.awaitingReply).toBe(true);
    expect(listed.owner?.uid).toBe(u.user.uid);
    expect(listed.lastMessage?.text).toBe('my deposit is late');
    expect((await admin(op.token, 'admin/supportConversations', { pageSize: 101 })).code).toBe(400);

    const socket = new WsTestClient(url);
    sockets.push(socket);
    await socket.opened;
    socket.send({ op: 'auth', token: u.token });
    socket.send({ op: 'subscribe', channels: ['user'] });
    await until(() => socket.replies.some((r) => r.op === 'subscribed'));

    const upload = await adminUpload(op.token, id, TINY_PNG);
    expect(upload.code).toBe(1);
    expect((await adminUpload(op.token, id, Buffer.from('definitely not an image'))).code).toBe(0);
    expect((await adminUpload('nobody', id, TINY_PNG)).code).toBe(401);
    const reply = await admin<SupportMessage & { operator: string }>(op.token, 'admin/replySupport', {
      id,
      text: 'Approved <b>now</b>',
      images: [upload.data.name],
    });
    expect(reply.code).toBe(1);
    expect(reply.data.operator).toBe(op.username);
    expect(reply.data.images[0]!.url).toBe(`/api/admin/file/${upload.data.name}`);
    const frames = () => socket.on('user').flatMap((m) => m.data as UserFrame[]);
    await until(() => frames().some((f) => f.event.type === 'support.message' && f.event.author === 'operator'));

    const history = await u.as<SupportHistoryData>('support/history');
    const answer = history.data.list.at(-1)!;
    expect(answer).toMatchObject({ author: 'operator', text: 'Approved <b>now</b>' });
    const image = await t.app.inject({ method: 'GET', url: answer.images[0]!.url, headers: { token: u.token } });
    expect(image.statusCode).toBe(200);

    // The first operator to answer takes the conversation; assigning checks the operator exists.
    const mine = await admin<{ list: AdminSupportConversation[] }>(op.token, 'admin/supportConversations', {
      assigned: 'mine',
    });
    expect(mine.data.list.map((c) => c.id)).toContain(id);
    expect((await admin(op.token, 'admin/assignSupport', { id, operatorId: '999999999' })).code).toBe(400);
    const otherId = (await admin<{ id: string }>(other.token, 'admin/me')).data.id;
    const moved = await admin<AdminSupportConversation>(op.token, 'admin/assignSupport', { id, operatorId: otherId });
    expect(moved.data.assignee?.username).toBe(other.username);

    const closed = await admin<AdminSupportConversation>(op.token, 'admin/closeSupport', { id });
    expect(closed.data.status).toBe('closed');
    const refused = await admin(op.token, 'admin/replySupport', { id, text: 'late' });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/closed/);
    // The user writing again reopens it.
    await u.as('support/send', { text: 'one more thing' });
    expect((await u.as<SupportHistoryData>('support/history')).data.status).toBe('open');
    await admin(op.token, 'admin/closeSupport', { id });
    expect((await admin<AdminSupportConversation>(op.token, 'admin/reopenSupport', { id })).data.status).toBe('open');

    const thread = await admin<AdminSupportThread>(op.token, 'admin/supportConversation', { id, pageSize: 2 });
    expect(thread.data.list.map((m) => m.author)).toEqual(['operator', 'user']);
    expect(thread.data.hasMore).toBe(true);
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'support.reply',
      'support.assign',
      'support.close',
      'support.close',
      'support.reopen',
    ]);
    expect((await admin(op.token, 'admin/supportConversation', { id: '99999999' })).code).toBe(404);
    expect((await call(t.app, 'admin/supportConversation', { id }, { TOKEN: u.token })).code).toBe(401);
    expect((await admin(op.token, 'admin/replySupport', { id, text: 'x'.repeat(2001) })).code).toBe(400);
    // An operator may only attach images uploaded into this user's conversation.
    const stranger = await registerUser(t);
    const theirs = await png(stranger);
    expect((await admin(op.token, 'admin/replySupport', { id, text: 'x', images: [theirs] })).code).toBe(400);
  });

  it('stores every one of twenty answers sent at once, each with its audit row', async () => {
    const op = await loginOperator(t);
    const u = await registerUser(t);
    await u.as('support/send', { text: 'hello' });
    const id = await conversationOf(u);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin(op.token, 'admin/replySupport', { id, text: `answer ${i}` })),
    );
    expect(replies.every((r) => r.code === 1)).toBe(true);
    const history = await u.as<SupportHistoryData>('support/history', { pageSize: 50 });
    expect(history.data.list.filter((m) => m.author === 'operator')).toHaveLength(20);
    expect((await auditOf(id)).filter((a) => a.action === 'support.reply')).toHaveLength(20);
    const userId = await userIdOf(u);
    const events = await t.app.platform.userEvents.replay(userId, 0);
    expect(events !== 'resync' && events.filter((e) => e.event.type === 'support.message')).toHaveLength(21);
  });
});

describe('visitors', () => {
  it('answers a visitor by e-mail in their language, text only', async () => {
    const op = await loginOperator(t);
    const email = `visitor.${Date.now()}@example.com`;
    const left = await call(
      t.app,
      'support/visitorMessage',
      { email, text: 'Ich kann mich nicht anmelden' },
      { lang: 'de' },
    );
    expect(left.code).toBe(1);
    const list = await admin<{ list: AdminSupportConversation[] }>(op.token, 'admin/supportConversations', {
      status: 'open',
      pageSize: 100,
    });
    const conv = list.data.list.find((c) => c.visitorEmail === email)!;
    expect(conv).toMatchObject({ owner: null, lang: 'de', awaitingReply: true });
    expect((await adminUpload(op.token, conv.id, TINY_PNG)).code).toBe(0);
    const reply = await admin(op.token, 'admin/replySupport', {
      id: conv.id,
      text: 'Bitte setzen Sie Ihr Passwort zurück',
    });
    expect(reply.code).toBe(1);
    const mail = t.messenger.sent.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Der Nexa-Kundendienst hat auf Ihre Nachricht geantwortet');
    expect(mail.text).toContain('Bitte setzen Sie Ihr Passwort zurück');
    expect(mail.text).toContain('Ich kann mich nicht anmelden');
  });

  it('refuses bad visitor input, and more than three messages a minute from one address', async () => {
    const visitor = (body: object, ip: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/support/visitorMessage', payload: body, remoteAddress: ip })
        .then((r) => r.json() as { code: number; data: { fields: { field: string }[] } });
    const bad: [object, string][] = [
      [{ email: 'nope', text: 'hi' }, 'email'],
      [{ email: 'a@example.com', text: '' }, 'text'],
      [{ email: 'a@example.com', text: 'x'.repeat(2001) }, 'text'],
      [{ email: 'a@example.com', text: 'hi', images: ['x'] }, ''],
    ];
    for (const [i, [body, field]] of bad.entries()) {
      const res = await visitor(body, `198.51.100.${i + 1}`);
      if (field) expect(res.data.fields[0]!.field).toBe(field);
      // Unknown fields are ignored: a visitor sends no images.
      else expect(res.code).toBe(1);
    }
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await visitor({ email: 'b@example.com', text: `hi ${i}` }, '203.0.113.9')).code);
    expect(codes).toEqual([1, 1, 1, 429, 429]);
    // Another address is not held back by that one.
    expect((await visitor({ email: 'c@example.com', text: 'hi' }, '203.0.113.10')).code).toBe(1);
  });
});
