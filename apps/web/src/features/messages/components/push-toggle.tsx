import { type PushState, disablePush, enablePush, pushState } from '@/lib/web-push';
import { Switch, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePushConfig } from '../api/download-api';

/**
 * Phone notifications for settlements, liquidations and review decisions (Web Push): shown where the server has it
 * configured and the browser supports it; switching on asks the browser's permission.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const config = usePushConfig();
  const publicKey = config.data?.publicKey ?? null;
  const [state, setState] = useState<PushState>('unsupported');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState(publicKey)
      .then((s) => live && setState(s))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [publicKey]);
  if (state === 'unsupported' || !publicKey) return null;
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      setState(on ? await enablePush(publicKey) : await disablePush());
    } catch {
      Toast.show({ content: t('errors.network') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="msg-push" data-testid="push-toggle">
      <span className="msg-push__text">
        <span className="msg-push__title">{t('messages.push.title')}</span>
        <span className="msg-push__desc">
          {state === 'denied' ? t('messages.push.denied') : t('messages.push.desc')}
        </span>
      </span>
      <Switch
        checked={state === 'on'}
        loading={busy}
        disabled={state === 'denied'}
        onChange={(on) => void change(on)}
        aria-label={t('messages.push.title')}
      />
    </section>
  );
}
