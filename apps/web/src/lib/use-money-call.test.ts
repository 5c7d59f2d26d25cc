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
    const lookup = vi.fn(async () => ({ status: 'applied' as const, scope: 'index/zySubmit', response: { id: '9' } }));
    await expect(settleUnknownOutcome(error, 'rid-12345678', lookup)).resolves.toEqual({ id: '9' });
    expect(lookup).toHaveBeenCalledWith('rid-12345678');
  });

  it('never ran: the user is told nothing moved', async () => {
    const lookup = async () => ({ status: 'not-applied' as const });
    await expect(settleUnknownOutcome(timeout, 'rid-12345678', lookup)).rejects.toMatchObject({
      code: CLIENT_NOT_APPLIED,
    });
  });

  it('cannot be known yet (still offline): the original error, so a retry keeps the requestId', async () => {
    const lookup = async () => {
      throw new ApiError(CLIENT_NETWORK, 'offline');
    };
    await expect(settleUnknownOutcome(timeout, 'rid-12345678', lookup)).rejects.toBe(timeout);
  });

  it('a refusal is an answer: no lookup', async () => {
    const refused = new ApiError(0, 'insufficient');
    const lookup = vi.fn();
    await expect(settleUnknownOutcome(refused, 'rid-12345678', lookup)).rejects.toBe(refused);
    expect(lookup).not.toHaveBeenCalled();
  });
});
