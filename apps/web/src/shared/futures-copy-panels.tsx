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
