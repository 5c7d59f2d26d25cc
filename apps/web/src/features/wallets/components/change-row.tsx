import { Figure } from '@/components/ui/figure';
import { signOf } from '@/lib/decimal';
import { formatDateTime, formatDecimal, formatSigned } from '@/lib/format';
import type { MoneyLog } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { useChangeTypeName } from '../hooks/use-change-type-name';

/** One account change (spec §3): type, wallet, currency, signed amount (+green / −red), balance after, time. */
export function ChangeRow({ log, showWallet = true }: { log: MoneyLog; showWallet?: boolean }) {
  const { t } = useTranslation();
  const typeName = useChangeTypeName();
  const sign = signOf(log.amount);
  const tone = sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
  return (
    <article className="record-card change-row" data-testid="change-item" data-type={log.type}>
      <div className="record-card__head">
        <h3 className="record-card__title">{typeName(log.type)}</h3>
        <p className={`change-row__amount text-${tone}`}>
          <Figure>{formatSigned(log.amount)}</Figure> <span className="change-row__currency">{log.currency}</span>
        </p>
      </div>
      <div className="meta-row record-card__meta">
        <span>
          {showWallet ? `${t(`wallets.${log.wallet}`)} · ` : null}
          <Figure>{formatDateTime(log.createdAt, true)}</Figure>
        </span>
        <span>
          {t('changeRecord.balanceAfter')} <Figure>{formatDecimal(log.balanceAfter)}</Figure>
        </span>
      </div>
    </article>
  );
}
