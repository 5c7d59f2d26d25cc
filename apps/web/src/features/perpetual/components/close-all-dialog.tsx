import { formatAmount, formatSigned } from '@/lib/format';
import { readPreference, writePreference } from '@/lib/preferences';
import { ApiError } from '@/lib/request';
import { useTicker } from '@/lib/use-market';
import { Sheet } from '@/shared/sheet';
import type { PerpPosition } from '@nexa/contract';
import { Checkbox, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseAll } from '../hooks/use-perpetual';
import { closeAllPnl, toneOf } from '../model/perp-model';
import { Figure, SideTag, useProductOf } from './bits';
import { PERP_SHEET, SheetActions } from './sheet';

/** Whether "don't remind me again" was ticked on this device (Settings can turn the confirmation back on). */
export function closeAllSkipsConfirm(): boolean {
  return readPreference('closeAllNoRemind');
}

/**
 * Closes every open position at the market price; toasts how many closed. `run` answers `done`, `refused` (toasted
 * by the request helper) or `unknown` (the answer was lost: the pending money calls look it up when they can and
 * say what became of it; a retry meanwhile reuses the requestId). `onSettledLater`: such an outcome is known now.
 */
export function useCloseAllNow(onSettledLater?: () => void) {
  const { t } = useTranslation();
  const closeAll = useCloseAll(onSettledLater);
  const run = async (): Promise<'done' | 'refused' | 'unknown'> => {
    try {
      const { closed } = await closeAll.mutateAsync({});
      Toast.show({ icon: 'success', content: t('perpetual.closeAll.done', { n: closed.length }), duration: 2000 });
      return 'done';
    } catch (error) {
      return error instanceof ApiError && error.isTransport ? 'unknown' : 'refused';
    }
  };
  return { run, pending: closeAll.isPending };
}

/**
 * One position that will close: pair, side and leverage, lots, and the PnL closing it at the live price books (the
 * close's own rule: past the liquidation price the loss is the margin, not more).
 */
function ClosingRow({ position }: { position: PerpPosition }) {
  const { t } = useTranslation();
  const { pair } = useProductOf(position.symbol);
  const mark = useTicker(position.symbol)?.price ?? position.markPrice;
  const pnl = closeAllPnl(position, mark);
  return (
    <li className="perp-closing__row" data-testid="perp-close-all-row" data-symbol={position.symbol}>
      <span className="perp-closing__what">
        <span dir="ltr">{pair}</span> <SideTag side={position.side} leverage={position.leverage} />{' '}
        <span className="perp-closing__lots">
          <Figure>{position.quantity}</Figure> {t('perpetual.lotsUnit')}
        </span>
      </span>
      <span>
        <Figure className={`tone-${toneOf(pnl)}`} testId="perp-close-all-pnl">
          {pnl ? formatSigned(formatAmount(pnl, 2, false)) : '--'}
        </Figure>{' '}
        USDT
      </span>
    </li>
  );
}

/**
 * The close-all confirmation (spec §2, §9): every position closes at the market price, named in the spec's terms
 * (USDT-margined, market price, 10x as the default leverage, not as a claim about these positions), then the
 * positions that close with their estimated PnL, and "don't remind me again" kept on this device. Open while
 * `positions` (those that will close) is not null.
 */
export function CloseAllDialog({
  positions,
  onClose,
}: {
  positions: readonly PerpPosition[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [noRemind, setNoRemind] = useState(false);

  // This component outlives the sheet's content: untick the box so the dialog opens unticked next time (e.g. after
  // Settings turned the confirmation back on).
  const close = () => {
    setNoRemind(false);
    onClose();
  };
  // A close-all whose answer was lost is known now (a toast says so): this dialog would send a new one.
  const { run, pending } = useCloseAllNow(close);
  const confirming = useRef(false);

  const confirm = async () => {
    // Without storage the write does nothing and the dialog simply shows again next time.
    if (noRemind) writePreference('closeAllNoRemind', true);
    confirming.current = true;
    // Done, or its answer lost: the pending money calls say later what became of it.
    if ((await run()) !== 'refused') close();
    confirming.current = false;
  };

  // Nothing left to close (closed elsewhere, by TP/SL, or by a close-all found applied): say so instead of offering
  // to close nothing. Not while this dialog's own call is on its way: its answer says what closed.
  const nothingLeft = positions !== null && positions.length === 0 && !pending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list emptying is the trigger; `close` is the props'.
  useEffect(() => {
    if (!nothingLeft || confirming.current) return;
    Toast.show({ content: t('perpetual.closeAll.nothingLeft'), duration: 2000 });
    close();
  }, [nothingLeft]);

  return (
    <Sheet
      {...PERP_SHEET}
      visible={positions !== null}
      title={t('perpetual.closeAll.title')}
      pending={pending}
      onClose={close}
      testId="perp-close-all-dialog"
    >
      <p className="perp-dialog__text">{t('perpetual.closeAll.body', { n: positions?.length ?? 0 })}</p>
      <div className="perp-closing__head">
        <span>{t('perpetual.pair')}</span>
        <span>{t('perpetual.closeSheet.estPnl')}</span>
      </div>
      <ul className="perp-closing" data-testid="perp-close-all-list">
        {positions?.map((p) => (
          <ClosingRow key={p.id} position={p} />
        ))}
      </ul>
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
