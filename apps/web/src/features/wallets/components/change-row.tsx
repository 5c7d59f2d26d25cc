import { Figure } from '@/components/ui/figure';
import { signOf } from '@/lib/decimal';
import { formatDecimal, formatRecordTime, formatSigned } from '@/lib/format';
import type { MoneyLog } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { useChangeTypeName } from '../hooks/use-change-type-name';

/**
 * One account change (spec §3): type, wallet, currency, signed amount (+green / −red), balance after, time. A change
 * that moved only frozen money (a withdrawal paid, a stake lost: the hold is spent) shows that movement, marked
 * frozen, instead of a 0.00 of the available balance.
 */
export function ChangeRow({ log, showWallet = true }: { log: MoneyLog; showWallet?: boolean }) {
  const { t } = useTranslation();
  const typeName = useChangeTypeName();
  const fromFrozen = signOf(log.amount) === 0 && signOf(log.frozenChange) !== 0;
  const moved = fromFrozen ? log.frozenChange : log.amount;
  const sign = signOf(moved);
  const tone = sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
  return (
    <article className="record-card change-row" data-testid="change-item" data-type={log.type}>
      <div className="record-card__head">
        <h3 className="record-card__title">{typeName(log.type)}</h3>
        <p className={`change-row__amount text-${tone}`}>
          <Figure>{formatSigned(moved)}</Figure> <span className="change-row__currency">{log.currency}</span>
          {fromFrozen ? <span className="change-row__currency"> · {t('changeRecord.frozenPart')}</span> : null}
        </p>
      </div>
      <div className="meta-row record-card__meta">
        <span>
          {showWallet ? `${t(`wallets.${log.wallet}`)} · ` : null}
          <Figure>{formatRecordTime(log.createdAt)}</Figure>
        </span>
        <span>
          {t('changeRecord.balanceAfter')} <Figure>{formatDecimal(log.balanceAfter)}</Figure>
        </span>
      </div>
    </article>
  );
}
