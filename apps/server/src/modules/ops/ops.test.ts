import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestDatabase } from '../../testing.js';

/**
 * Health, readiness and metrics. Readiness goes red while the database cannot be reached and green again when
 * it can: that needs a server, so this file always runs on the local PostgreSQL (CI has one).
 */
let t: TestApp;
let admin: pg.Client;
beforeAll(async () => {
  const database = await createTestDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  t = await createTestApp({}, {}, database);
  // On another database of the server: the test's own refuses connections for a while.
  const url = new URL(t.database.url!);
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
  await t?.database.close();
});

const ready = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() as { data: { ready: boolean; checks: Record<string, boolean> } } };
};

describe('operations endpoints', () => {
  it('answers health, and readiness with every check green', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ code: 1, data: { status: 'ok', db: 'postgres' } });
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      ready: true,
      checks: { database: true, migrated: true, bus: true, prices: true, accepting: true },
    });
  });

  it('goes red while the database refuses connections, and green again when it is back', async () => {
    const name = new URL(t.database.url!).pathname.slice(1);
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    try {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      const red = await ready();
      expect(red.status).toBe(503);
      expect(red.body.data.checks.database).toBe(false);
      // A call in flight answers a clean envelope, no internals.
      const call = await t.app.inject({ method: 'POST', url: '/api/index/carouselList', payload: {} });
      expect(call.json()).toMatchObject({ code: 500, msg: 'Something went wrong. Please try again later.' });
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    }
    const t0 = Date.now();
    let green = await ready();
    while (green.status !== 200 && Date.now() - t0 < 10_000) green = await ready();
    expect(green.status).toBe(200);
  });

  it('serves Prometheus metrics: requests, pool, sockets, feed, settlement, retries, event loop', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of [
      'nexa_http_request_duration_seconds_count{route="/api/health",method="GET",status="200"}',
      'nexa_db_pool_connections{state="total"}',
      'nexa_ws_clients',
      'nexa_feed_lag_seconds',
      'nexa_settlement_lag_seconds',
      'nexa_transaction_retries_total{reason="deadlock"}',
      'nexa_event_loop_delay_p99_seconds',
      'nexa_event_loop_delay_max_seconds',
      'nexa_feed_stored_lag_seconds',
      'nexa_leader{role="feed"}',
    ]) {
      expect(res.body, name).toContain(name);
    }
  });
});
