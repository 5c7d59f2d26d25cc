import { startPwa, usePwa } from '@/lib/pwa';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import './pwa-update.css';

/** When a new version is deployed: a bar offering to reload into it (the running screen is never swapped unasked). */
export function PwaUpdatePrompt() {
  const { t } = useTranslation();
  const needRefresh = usePwa((s) => s.needRefresh);
  const update = usePwa((s) => s.update);
  if (!needRefresh) return null;
  return (
    <div className="pwa-update" role="alert" data-testid="pwa-update">
      <span className="pwa-update__text">{t('pwa.updateReady')}</span>
      <button type="button" className="pwa-update__later" onClick={() => usePwa.setState({ needRefresh: false })}>
        {t('pwa.later')}
      </button>
      <button
        type="button"
        className="pwa-update__reload"
        onClick={() => void update?.()}
        data-testid="pwa-update-reload"
      >
        {t('pwa.reload')}
      </button>
    </div>
  );
}

/** Starts the service worker and puts the update prompt in a root of its own (loaded after the first render). */
export function mountPwa(): void {
  startPwa();
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<PwaUpdatePrompt />);
}
