import { readPreference, writePreference } from '@/lib/preferences';
import { Sheet } from '@/shared/sheet';
import { Checkbox, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseAll } from '../hooks/use-perpetual';
import { PERP_SHEET, SheetActions } from './sheet';

/** Whether "don't remind me again" was ticked on this device (Settings can turn the confirmation back on). */
export function closeAllSkipsConfirm(): boolean {
  return readPreference('closeAllNoRemind');
}

/** Closes every open position at the market price; toasts how many closed. */
export function useCloseAllNow() {
  const { t } = useTranslation();
  const closeAll = useCloseAll();
  const run = async (): Promise<boolean> => {
    try {
      const { closed } = await closeAll.mutateAsync({});
      Toast.show({ icon: 'success', content: t('perpetual.closeAll.done', { n: closed.length }), duration: 2000 });
      return true;
    } catch {
      // Toasted by the request helper; a retry after a network failure reuses the requestId.
      return false;
    }
  };
  return { run, pending: closeAll.isPending };
}

/**
 * The close-all confirmation (spec §2, §9): every position closes at the market price, in the wording of the
 * spec (USDT-margined, 10X, market price), with "don't remind me again" kept on this device. Open while `count`
 * (how many positions will close) is not null.
 */
export function CloseAllDialog({ count, onClose }: { count: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { run, pending } = useCloseAllNow();
  const [noRemind, setNoRemind] = useState(false);

  // This component outlives the sheet's content: untick the box so the dialog opens unticked next time (e.g. after
  // Settings turned the confirmation back on).
  const close = () => {
    setNoRemind(false);
    onClose();
  };

  const confirm = async () => {
    // Without storage the write does nothing and the dialog simply shows again next time.
    if (noRemind) writePreference('closeAllNoRemind', true);
    if (await run()) close();
  };

  return (
    <Sheet
      {...PERP_SHEET}
      visible={count !== null}
      title={t('perpetual.closeAll.title')}
      pending={pending}
      onClose={close}
      testId="perp-close-all-dialog"
    >
      <p className="perp-dialog__text">{t('perpetual.closeAll.body', { n: count ?? 0 })}</p>
      <Checkbox
        checked={noRemind}
        onChange={setNoRemind}
        className="perp-checkbox perp-dialog__check"
        data-testid="perp-close-all-no-remind"
      >
        {t('perpetual.closeAll.noRemind')}
      </Checkbox>
      <SheetActions
        pending={pending}
        cancel={{ label: t('common.cancel'), onClick: close, testId: 'perp-close-all-cancel' }}
        confirm={{
          label: t('perpetual.closeAll.submit'),
          tone: 'primary',
          onClick: confirm,
          testId: 'perp-close-all-confirm',
        }}
      />
    </Sheet>
  );
}
