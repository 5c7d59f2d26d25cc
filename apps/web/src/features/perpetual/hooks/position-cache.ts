import type { PerpPosition, PositionOrdersData } from '@nexa/contract';
import type { QueryClient } from '@tanstack/react-query';
import { perpKeys } from './query-keys';

/** Puts a position's new figures into the positions list (a position no longer open leaves it). */
export function storePosition(client: QueryClient, position: PerpPosition): void {
  client.setQueryData<PositionOrdersData>(perpKeys.positions(position.mode), (held) => {
    if (!held) return held;
    // The live event that ends a position says closed or liquidated; PositionOrders lists open ones only.
    const open = position.status === 'open' && !/^0+(\.0+)?$/.test(position.quantity);
    const others = held.list.filter((p) => p.id !== position.id);
    const current = held.list.find((p) => p.id === position.id);
    // Older news (a push computed before the change this client already has) never rolls a position back.
    if (current && position.version < current.version) return held;
    const known = current !== undefined;
    if (!open) return { ...held, list: others };
    const list = known ? held.list.map((p) => (p.id === position.id ? position : p)) : [position, ...held.list];
    return { ...held, list };
  });
}
