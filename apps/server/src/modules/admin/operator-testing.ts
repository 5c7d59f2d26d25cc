import type { AdminSessionData, OperatorRole } from '@nexa/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../testing.js';
import { createOperator } from './operators.js';

/** An answer of the API. */
export type Envelope<T = unknown> = { code: number; msg: string; data: T };

/** What the console's sign-in tests share: calls as an operator (from an address) and operators of each role. */
export function operatorTestKit(app: () => TestApp, prefix: string) {
  const PASSWORD = 'Operat0r-pass-2024';
  let seq = 0;

  async function post<T = unknown>(p: string, body: object, token?: string, ip?: string) {
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/${p}`,
      payload: body,
      headers: { lang: 'en', ...(token ? { 'ADMIN-TOKEN': token } : {}) },
      ...(ip ? { remoteAddress: ip } : {}),
    });
    return res.json() as Envelope<T>;
  }

  /** A new operator of `role`, signed in. */
  async function operatorWith(role: OperatorRole) {
    const username = `${prefix}${role}${++seq}`;
    await createOperator(app().database.db, { username, password: PASSWORD, role });
    const res = await post<AdminSessionData>('admin/login', { username, password: PASSWORD });
    expect(res.code, res.msg).toBe(1);
    return { username, id: res.data.operator.id, token: res.data.token };
  }

  return {
    PASSWORD,
    WRONG: 'wrong-Pass-123-typed',
    FORBIDDEN: 'Your operator role does not allow this',
    post,
    operatorWith,
  };
}
