import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/page-spinner';
import { withTimeout } from '@/lib/async';
import { PAGE_LOAD_TIMEOUT_MS } from '@/lib/config';
import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A page in its own chunk. React.lazy remembers a failure for good, so a retry swaps in a fresh lazy component. */
export interface LazyEntry<P extends object> {
  component: ComponentType<P>;
  failed: boolean;
  reload: () => void;
  /** Starts downloading the page's chunk now (the first screen of a start, before the app has rendered). */
  preload: () => void;
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyEntry<P> {
  // One download per lazy component: a preload and the render share it.
  const fresh = () => {
    let loading: Promise<{ default: ComponentType<P> }> | undefined;
    const once = () => {
      loading ??= withTimeout(load(), PAGE_LOAD_TIMEOUT_MS);
      return loading;
    };
    return { component: lazy(once), preload: () => void once().catch(() => {}) };
  };
  const first = fresh();
  const entry: LazyEntry<P> = {
    component: first.component,
    failed: false,
    preload: first.preload,
    reload: () => {
      const next = fresh();
      entry.component = next.component;
      entry.preload = next.preload;
      entry.failed = false;
    },
  };
  return entry;
}

interface BoundaryProps {
  children: ReactNode;
  onError: () => void;
  onRetry: () => void;
}

class PageErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[page] failed to load or render', error, info.componentStack);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? <PageLoadError retry={this.props.onRetry} /> : this.props.children;
  }
}

function PageLoadError({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page__body page__body--center">
        <ErrorState
          title={t('common.pageLoadError')}
          description={t('common.pageLoadErrorDesc')}
          onRetry={retry}
          testId="page-load-error"
        />
      </div>
    </div>
  );
}

/**
 * Renders a lazy page (spec §8/§9 page load failure): a spinner after 200 ms, and if the chunk fails or takes
 * longer than 60 s, an error state whose button loads it again.
 */
export function LazyPage<P extends object>({ entry, props }: { entry: LazyEntry<P>; props?: NoInfer<P> }) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = entry.component;
  return (
    <PageErrorBoundary
      key={attempt}
      onError={() => {
        entry.failed = true;
      }}
      onRetry={() => {
        if (entry.failed) entry.reload();
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<PageSpinner />}>
        <Loaded {...(props ?? ({} as P))} />
      </Suspense>
    </PageErrorBoundary>
  );
}
