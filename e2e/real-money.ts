import { randomUUID } from 'node:crypto';
import { TINY_PNG, type TestServer } from '@nexa/server/testing';

/**
 * Real money arrives in a journey as it does for a person: a screenshot uploaded, a deposit submitted, an operator
 * approving it over the operator API. `wallet` other than spot gets the amount by a transfer afterwards.
 */
export function realMoney(server: () => TestServer) {
  let operatorToken: string | undefined;
  const call = <T>(path: string, body: object, headers: Record<string, string>) =>
    callApi<T>(server(), path, body, headers);

  async function upload(token: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'proof.png');
    const res = await fetch(`${server().url}/api/common/upload`, {
      method: 'POST',
      headers: { TOKEN: token },
      body: form,
    });
    const json = (await res.json()) as { code: number; msg: string; data: { name: string } };
    if (json.code !== 1) throw new Error(`common/upload: ${json.code} ${json.msg}`);
    return json.data.name;
  }

  /** `amount` USDT deposited, approved, and moved from the real spot wallet to `wallet`. */
  return async function fund(token: string, amount: string, wallet: 'spot' | 'delivery' | 'perpetual' = 'spot') {
    operatorToken ??= (await server().createOperator()).token;
    const screenshot = await upload(token);
    const deposit = await call<{ id: string }>(
      'index/czSubmit',
      { currency: 'USDT', chain: 'TRC20', amount, screenshot, requestId: randomUUID() },
      { TOKEN: token },
    );
    await call('admin/approveDeposit', { id: deposit.id }, { 'ADMIN-TOKEN': operatorToken });
    if (wallet === 'spot') return;
    await call(
      'index/zySubmit',
      { from: 'spot', to: wallet, currency: 'USDT', amount, requestId: randomUUID() },
      { TOKEN: token },
    );
  };
}

/** A call with the given headers (TOKEN, ADMIN-TOKEN); throws unless the envelope says success. */
async function callApi<T>(server: TestServer, path: string, body: object, headers: Record<string, string>): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** Identity verified as for a person: submitted by the user, approved by an operator over the operator API. */
export async function verifiedIdentity(server: TestServer, token: string, uid: number): Promise<void> {
  await callApi(
    server,
    'user_verification/submitIdentityVerification',
    { level: 'basic', country: 'US', name: 'Alex Doe', idNumber: 'P1234567' },
    { TOKEN: token },
  );
  const admin = { 'ADMIN-TOKEN': (await server.createOperator()).token };
  const review = await callApi<{ list: { id: string; owner: { uid: number } }[] }>(
    server,
    'admin/verifications',
    { status: 'review', page: 1, pageSize: 100 },
    admin,
  );
  const record = review.list.find((r) => r.owner.uid === uid);
  if (!record) throw new Error(`no verification under review for uid ${uid}`);
  await callApi(server, 'admin/approveVerification', { id: record.id }, admin);
}
