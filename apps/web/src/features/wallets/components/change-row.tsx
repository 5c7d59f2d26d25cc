import { Figure } from '@/components/ui/figure';
import { signOf } from '@/lib/decimal';
import { formatDecimal, formatRecordTime, formatSigned } from '@/lib/format';
import type { MoneyLog } from '@nexa/contract';
import { changeFigures } from '@nexa/rules';
import { useTranslation } from 'react-i18next';
import { useChangeTypeName } from '../hooks/use-change-type-name';

const toneOf = (value: string) => {
  const sign = signOf(value);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
};

/**
 * One account change (spec §3): type, wallet, currency, the signed change of the available balance (+green / −red),
 * the available balance after it, time. A change of the frozen amount is said apart, labelled "Frozen" and in a
 * neutral tone (`changeFigures`): a hold shows −100 and Frozen +100, the stake lost out of it only Frozen −100, so
 * the red figures of a list add up to what "Available after" says and nothing reads as charged twice.
 */
export function ChangeRow({ log, showWallet = true }: { log: MoneyLog; showWallet?: boolean }) {
  const { t } = useTranslation();
  const typeName = useChangeTypeName();
  const { available, frozen } = changeFigures(log);
  const frozenFigure =
    frozen === null ? null : (
      <p className="change-row__frozen" data-testid="change-frozen">
        {t('changeRecord.frozen')} <Figure>{formatSigned(frozen)}</Figure>{' '}
        <span className="change-row__currency">{log.currency}</span>
      </p>
    );
  return (
    <article className="record-card change-row" data-testid="change-item" data-type={log.type}>
      <div className="record-card__head">
        <h3 className="record-card__title">{typeName(log.type)}</h3>
        {available === null ? (
          frozenFigure
        ) : (
          <div className="change-row__figures">
            <p className={`change-row__amount text-${toneOf(available)}`} data-testid="change-available">
              <Figure>{formatSigned(available)}</Figure> <span className="change-row__currency">{log.currency}</span>
            </p>
            {frozenFigure}
          </div>
        )}
      </div>
      <div className="meta-row record-card__meta">
        <span>
          {showWallet ? `${t(`wallets.${log.wallet}`)} · ` : null}
          <Figure>{formatRecordTime(log.createdAt)}</Figure>
        </span>
        <span data-testid="change-available-after">
          {t('changeRecord.availableAfter')} <Figure>{formatDecimal(log.balanceAfter)}</Figure>
        </span>
      </div>
    </article>
  );
}
