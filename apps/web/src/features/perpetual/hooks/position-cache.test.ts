import type { PerpPosition, PositionOrdersData } from '@nexa/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { storePosition } from './position-cache';
import { perpKeys } from './query-keys';

const position = (over: Partial<PerpPosition>): PerpPosition => ({
  id: '1',
  mode: 'demo',
  symbol: 'BTCUSDT',
  side: 'long',
  quantity: '10',
  contractSize: '0.001',
  leverage: 10,
  entryPrice: '65000.00',
  margin: '65.00',
  markPrice: '65100.00',
  unrealizedPnl: '1.00',
  marginRatio: '101.54',
  liquidationPrice: '58500.00',
  tpPrice: null,
  slPrice: null,
  status: 'open',
  openedAt: 1,
  version: 1,
  ...over,
});

function clientWith(list: PerpPosition[]) {
  const client = new QueryClient();
  const data: PositionOrdersData = {
    list,
    account: { balance: '0', positionMargin: '0', frozenMargin: '0', available: '0', unrealizedPnl: '0' },
  };
  client.setQueryData(perpKeys.positions('demo'), data);
  const read = () => client.getQueryData<PositionOrdersData>(perpKeys.positions('demo'))!.list;
  return { client, read };
}

describe('storePosition', () => {
  it('keeps a newer version when an older push arrives after it (a TP set just before a live tick)', () => {
    const { client, read } = clientWith([position({ version: 2, tpPrice: '97000.00' })]);
    storePosition(client, position({ version: 1, tpPrice: null, markPrice: '65200.00' }));
    expect(read()[0]).toMatchObject({ version: 2, tpPrice: '97000.00', markPrice: '65100.00' });
  });

  it('takes new figures of the same version and any newer version', () => {
    const { client, read } = clientWith([position({ version: 2 })]);
    storePosition(client, position({ version: 2, markPrice: '65300.00' }));
    expect(read()[0]?.markPrice).toBe('65300.00');
    storePosition(client, position({ version: 3, slPrice: '60000.00' }));
    expect(read()[0]).toMatchObject({ version: 3, slPrice: '60000.00' });
  });

  it('drops a position that is no longer open and adds one it did not know', () => {
    const { client, read } = clientWith([position({ id: '1' })]);
    storePosition(client, position({ id: '2' }));
    expect(read().map((p) => p.id)).toEqual(['2', '1']);
    storePosition(client, position({ id: '1', status: 'closed', version: 2 }));
    expect(read().map((p) => p.id)).toEqual(['2']);
  });
});
