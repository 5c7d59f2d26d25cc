import { BeforeAfter } from '@/components/ui/before-after';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { formatDateTime, formatDecimal } from '@/lib/format';
import type { ConvertRecord, Currency, Wallet } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../model';
import { CoinMark } from './coin-mark';

function Side({
  label,
  currency,
  wallet,
  before,
  after,
  testId,
}: {
  label: string;
  currency: Currency;
  wallet: Wallet;
  before: string;
  after: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="cv-record__side" data-testid={testId}>
      <dt>
        {label} · {t(`wallets.${wallet}`)}
      </dt>
      <dd>
        <BeforeAfter before={before} after={after} />
        <span className="cv-unit">{currency}</span>
      </dd>
    </div>
  );
}

/**
 * A convert (spec §3): currency and wallet out and in, each with its balance before and after, the slippage and
 * the price it filled at, and when.
 */
export function ConvertRecordRow({ record, testId = 'convert-record' }: { record: ConvertRecord; testId?: string }) {
  const { t } = useTranslation();
  return (
    <article className="record-card" data-testid={testId} data-id={record.id}>
      <div className="cv-record__head">
        <h3 className="cv-record__pair">
          <CoinMark currency={record.currencyOut} />
          <span>{record.currencyOut}</span>
          <LineIcon d={ICON.arrow} size={14} className="flip-rtl" />
          <CoinMark currency={record.currencyIn} />
          <span>{record.currencyIn}</span>
        </h3>
        <Figure className="cv-record__time">{formatDateTime(record.createdAt, true)}</Figure>
      </div>
      <div className="cv-record__amounts">
        <p>
          <Figure className="text-down" testId={`${testId}-out`}>
            -{formatDecimal(record.amountOut)}
          </Figure>{' '}
          <span className="cv-unit">{record.currencyOut}</span>
        </p>
        <p>
          <Figure className="text-up" testId={`${testId}-in`}>
            +{formatDecimal(record.amountIn)}
          </Figure>{' '}
          <span className="cv-unit">{record.currencyIn}</span>
        </p>
      </div>
      <dl className="fact-list fact-list--muted record-facts cv-record__facts">
        <Side
          label={t('convert.record.out')}
          currency={record.currencyOut}
          wallet={record.walletOut}
          before={record.beforeOut}
          after={record.afterOut}
          testId={`${testId}-side-out`}
        />
        <Side
          label={t('convert.record.in')}
          currency={record.currencyIn}
          wallet={record.walletIn}
          before={record.beforeIn}
          after={record.afterIn}
          testId={`${testId}-side-in`}
        />
        <div className="cv-record__fact">
          <dt>{t('convert.record.price')}</dt>
          <dd>
            <Figure testId={`${testId}-price`}>
              1 {record.currencyOut} = {formatRate(record.rate)} {record.currencyIn}
            </Figure>
          </dd>
        </div>
        <div className="cv-record__fact">
          <dt>{t('convert.record.slippage')}</dt>
          <dd>
            <Figure testId={`${testId}-slippage`}>{record.slippage}%</Figure>
          </dd>
        </div>
      </dl>
    </article>
  );
}
