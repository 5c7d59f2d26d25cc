import { BeforeAfter } from '@/components/ui/before-after';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { formatDecimal, formatRecordTime } from '@/lib/format';
import type { TransferRecord, Wallet } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

function Side({ wallet, before, after }: { wallet: Wallet; before: string; after: string }) {
  const { t } = useTranslation();
  return (
    <div className="balance-change">
      <dt>{t(`wallets.${wallet}`)}</dt>
      <dd>
        <BeforeAfter before={before} after={after} />
      </dd>
    </div>
  );
}

/** A transfer (spec §3): amount, currency, from → to, the balance before and after on each side, time. */
export function TransferRecordRow({ record, testId = 'record-item' }: { record: TransferRecord; testId?: string }) {
  const { t } = useTranslation();
  return (
    <article className="record-card" data-testid={testId}>
      <div className="record-card__head">
        <h3 className="record-card__title record-card__route">
          <span>{t(`wallets.${record.walletOut}`)}</span>
          <LineIcon d={ICON.arrow} size={16} className="flip-rtl" />
          <span>{t(`wallets.${record.walletIn}`)}</span>
        </h3>
        <p className="record-card__amount">
          <Figure>{formatDecimal(record.amount)}</Figure>{' '}
          <span className="change-row__currency">{record.currencyOut}</span>
        </p>
      </div>
      <p className="meta-row record-card__meta">
        <span>
          {t('transfer.time')} <Figure>{formatRecordTime(record.createdAt)}</Figure>
        </span>
      </p>
      <dl className="fact-list record-facts">
        <Side wallet={record.walletOut} before={record.beforeOut} after={record.afterOut} />
        <Side wallet={record.walletIn} before={record.beforeIn} after={record.afterIn} />
      </dl>
    </article>
  );
}
