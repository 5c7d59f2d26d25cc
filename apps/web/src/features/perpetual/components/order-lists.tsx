import { Dialog } from '@/shared/dialog';
import { type ListSource, ListStates } from '@/shared/list-states';
import type { PerpOrder } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useCurrentOrders } from '../hooks/use-perpetual';
import { useCancelOrder } from '../hooks/use-perpetual';
import type { PerpTabKey } from './perp-tabs';
import { OrderRow, PERP_LIST } from './record-rows';
import { callAndClose } from './sheet';

/**
 * The list of one tab with every list state: its label, empty state (`perp-<tab>-empty`) and rows; `head` sits
 * above the rows once there are some.
 */
export function TabList<T extends { id: string }>({
  tab,
  source,
  head,
  children,
}: {
  tab: PerpTabKey;
  source: ListSource<T>;
  head?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListStates
      look={PERP_LIST}
      source={source}
      empty={{ title: t(`perpetual.empty.${tab}`), testId: `perp-${tab}-empty` }}
      label={t(`perpetual.tabs.${tab}`)}
      head={head}
    >
      {children}
    </ListStates>
  );
}

/** Pending limit orders, each with Cancel (Sustainable/cancelDeliveryOrder, after a confirmation). */
export function CurrentOrderList({
  orders,
  symbol,
}: {
  orders: ReturnType<typeof useCurrentOrders>;
  symbol?: string;
}) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const list = (orders.data ?? []).filter((o) => !symbol || o.symbol === symbol);

  const askCancel = async (order: PerpOrder) => {
    const ok = await Dialog.confirm({
      content: t('perpetual.cancelConfirm'),
      confirmText: <span data-testid="perp-cancel-confirm">{t('perpetual.actions.cancel')}</span>,
      cancelText: <span data-testid="perp-cancel-keep">{t('perpetual.keepOrder')}</span>,
    });
    if (!ok) return;
    // A failure (filled meanwhile, for instance) is toasted by the request helper; the list reads again.
    await callAndClose(() => cancel.mutateAsync(order.id), t('perpetual.cancelled'));
  };

  return (
    <TabList tab="orders" source={{ query: orders, items: list }}>
      {(order) => (
        <OrderRow
          order={order}
          testId="perp-order"
          onCancel={(o) => void askCancel(o)}
          cancelling={cancel.isPending && cancel.variables === order.id}
        />
      )}
    </TabList>
  );
}
