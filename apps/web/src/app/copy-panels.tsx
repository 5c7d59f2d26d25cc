import { type FuturesCopyPanels, FuturesCopyPanelsContext } from '@/shared/futures-copy-panels';
import { Skeleton } from 'antd-mobile';
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';

const tabs = () => import('@/features/copy/components/copy-tabs');

/** A copy tab in the copy feature's own chunk, with a skeleton while it loads. */
function lazyTab(pick: (m: Awaited<ReturnType<typeof tabs>>) => ComponentType): ComponentType {
  const Tab = lazy(() => tabs().then((m) => ({ default: pick(m) })));
  return function CopyTab() {
    return (
      <Suspense fallback={<Skeleton.Paragraph lineCount={5} animated />}>
        <Tab />
      </Suspense>
    );
  };
}

const PANELS: FuturesCopyPanels = {
  invited: lazyTab((m) => m.InvitedTab),
  follow: lazyTab((m) => m.FollowTab),
};

/** Hands the copy feature's tabs to the Futures screen (see shared/futures-copy-panels.tsx). */
export function CopyPanelsProvider({ children }: { children: ReactNode }) {
  return <FuturesCopyPanelsContext.Provider value={PANELS}>{children}</FuturesCopyPanelsContext.Provider>;
}
