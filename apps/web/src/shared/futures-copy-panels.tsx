import { type ComponentType, createContext, useContext } from 'react';

/**
 * The copy-trading tabs of the Futures screen (spec §2: Invited me, Follow plan). They belong to the copy feature,
 * which the delivery feature may not import: the app hands them in through this context (app/copy-panels.tsx),
 * and the delivery tabs show them when present.
 */
export interface FuturesCopyPanels {
  invited: ComponentType;
  follow: ComponentType;
}

export const FuturesCopyPanelsContext = createContext<FuturesCopyPanels | null>(null);

/** The copy tabs the app provides (null outside the app, e.g. in a component test). */
export function useFuturesCopyPanels(): FuturesCopyPanels | null {
  return useContext(FuturesCopyPanelsContext);
}

/**
 * The Futures page's order tabs, named in its address so a link opens one (the message centre's copy-trading links,
 * which the server builds in MESSAGE_LINKS.copyPlan): `?tab=invited&plan=<id>` opens Invited me with that
 * invitation's sheet, `?tab=follow&view=published|copies&plan=<id>` a Follow plan list with the plan brought
 * forward. No `tab` (older links, the tab bar): Position orders.
 */
export const FUTURES_TABS = ['positions', 'history', 'invited', 'follow'] as const;
export type FuturesTab = (typeof FUTURES_TABS)[number];

export function futuresTabOf(params: URLSearchParams): FuturesTab {
  const tab = params.get('tab');
  return FUTURES_TABS.find((t) => t === tab) ?? 'positions';
}
