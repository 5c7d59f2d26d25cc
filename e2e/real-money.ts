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

  /** `amount` USDT deposited, approved, and moved from the real spot wallet to `wallet`. */
  return async function fund(token: string, amount: string, wallet: 'spot' | 'delivery' | 'perpetual' = 'spot') {
    operatorToken ??= (await server().createOperator()).token;
    const deposit = await submitDeposit(server(), token, amount);
    await call('admin/approveDeposit', { id: deposit.id }, { 'ADMIN-TOKEN': operatorToken });
    if (wallet === 'spot') return;
    await call(
      'index/zySubmit',
      { from: 'spot', to: wallet, currency: 'USDT', amount, requestId: randomUUID() },
      { TOKEN: token },
    );
  };
}

/** A screenshot uploaded as the app uploads it (multipart, field `file`, TOKEN header); its stored name. */
export async function uploadScreenshot(
  server: TestServer,
  token: string,
  png: Uint8Array = new Uint8Array(TINY_PNG),
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${server.url}/api/common/upload`, { method: 'POST', headers: { TOKEN: token }, body: form });
  const json = (await res.json()) as { code: number; msg: string; data: { name: string } };
  if (json.code !== 1) throw new Error(`common/upload: ${json.code} ${json.msg}`);
  return json.data.name;
}

/** A USDT deposit over TRC20 submitted with a screenshot, waiting for an operator. */
export async function submitDeposit(
  server: TestServer,
  token: string,
  amount: string,
  png?: Uint8Array,
): Promise<{ id: string }> {
  const screenshot = await uploadScreenshot(server, token, png);
  return callApi(
    server,
    'index/czSubmit',
    { currency: 'USDT', chain: 'TRC20', amount, screenshot, requestId: randomUUID() },
    { TOKEN: token },
  );
}

/** The operator finds the user's deposit or verification under review and approves it. */
export async function approveUnderReview(
  server: TestServer,
  operatorToken: string,
  kind: 'Deposit' | 'Verification',
  uid: number,
): Promise<void> {
  const admin = { 'ADMIN-TOKEN': operatorToken };
  const list = `admin/${kind.toLowerCase()}s`;
  const page = await callApi<{ list: { id: string; owner: { uid: number } }[] }>(
    server,
    list,
    { status: 'review', page: 1, pageSize: 100 },
    admin,
  );
  const record = page.list.find((r) => r.owner.uid === uid);
  if (!record) throw new Error(`no ${kind} under review for uid ${uid}`);
  await callApi(server, `admin/approve${kind}`, { id: record.id }, admin);
}

/** A call with the given headers (TOKEN, ADMIN-TOKEN); throws unless the envelope says success. */
export async function callApi<T>(
  server: TestServer,
  path: string,
  body: object,
  headers: Record<string, string>,
): Promise<T> {
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
export async function verifiedIdentity(
  server: TestServer,
  token: string,
  uid: number,
  operatorToken?: string,
): Promise<void> {
  await callApi(
    server,
    'user_verification/submitIdentityVerification',
    { level: 'basic', country: 'US', name: 'Alex Doe', idNumber: 'P1234567' },
    { TOKEN: token },
  );
  await approveUnderReview(server, operatorToken ?? (await server.createOperator()).token, 'Verification', uid);
}
