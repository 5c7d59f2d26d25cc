import { Toast } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_NETWORK, CLIENT_TIMEOUT } from './request';
import { CLIENT_NOT_APPLIED, settleUnknownOutcome } from './use-money-call';

vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn() } }));
vi.mock('./http', () => ({ request: vi.fn() }));

const timeout = new ApiError(CLIENT_TIMEOUT, 'timed out');

describe('a money call whose answer was lost', () => {
  it.each([
    ['timed out', timeout],
    ['the connection dropped', new ApiError(CLIENT_NETWORK, 'network')],
  ])('%s and it ran: the answer it gave, looked up by its requestId', async (_, error) => {
    const answer = { closed: [] };
    const lookup = vi.fn(async () => ({
      status: 'applied' as const,
      scope: 'Sustainable/closeAllPosition',
      response: answer,
    }));
    await expect(settleUnknownOutcome(error, 'rid-12345678', lookup)).resolves.toEqual(answer);
    expect(lookup).toHaveBeenCalledWith('rid-12345678');
  });

  it("is read by the call's own contract schema (the scope is its path); an answer that breaks it stays unknown", async () => {
    const order = {
      id: '7',
      symbol: 'BTCUSDT',
      direction: 'call',
      seconds: 30,
      amount: '100.00',
    };
    const broken = async () => ({ status: 'applied' as const, scope: 'order/createDeliveryOrder', response: order });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(settleUnknownOutcome(timeout, 'rid-12345678', broken)).rejects.toBe(timeout);
    const close = { closed: [] };
    const fine = async () => ({ status: 'applied' as const, scope: 'Sustainable/closeAllPosition', response: close });
    await expect(settleUnknownOutcome(timeout, 'rid-12345678', fine)).resolves.toEqual(close);
  });

  it('never ran: the user is told nothing moved', async () => {
    const lookup = async () => ({ status: 'not-applied' as const });
    await expect(settleUnknownOutcome(timeout, 'rid-12345678', lookup)).rejects.toMatchObject({
      code: CLIENT_NOT_APPLIED,
    });
  });

  it('cannot be known yet (still offline): the original error, said now, so a retry keeps the requestId', async () => {
    const lookup = async () => {
      throw new ApiError(CLIENT_NETWORK, 'offline');
    };
    vi.mocked(Toast.show).mockClear();
    await expect(settleUnknownOutcome(timeout, 'rid-12345678', lookup)).rejects.toBe(timeout);
    expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: 'timed out' }));
  });

  it('found applied: nothing is said of the lost answer', async () => {
    vi.mocked(Toast.show).mockClear();
    const lookup = async () => ({
      status: 'applied' as const,
      scope: 'Sustainable/closeAllPosition',
      response: { closed: [] },
    });
    await settleUnknownOutcome(timeout, 'rid-12345678', lookup);
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('a refusal is an answer: no lookup', async () => {
    const refused = new ApiError(0, 'insufficient');
    const lookup = vi.fn();
    await expect(settleUnknownOutcome(refused, 'rid-12345678', lookup)).rejects.toBe(refused);
    expect(lookup).not.toHaveBeenCalled();
  });
});
