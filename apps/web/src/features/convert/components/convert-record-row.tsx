import { BeforeAfter } from '@/components/ui/before-after';
import { Figure } from '@/components/ui/figure';
import { ICON, LineIcon } from '@/components/ui/line-icon';
import { formatDecimal, formatRecordTime } from '@/lib/format';
import type { ConvertRecord, Currency, Wallet } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { rateText } from '../model';
import { CoinMark } from './coin-mark';

type SideKey = 'out' | 'in';

/** One side of a convert: what left or arrived, in which currency and wallet, and that wallet's balance around it. */
interface RecordSide {
  key: SideKey;
  sign: '-' | '+';
  tone: 'text-down' | 'text-up';
  currency: Currency;
  wallet: Wallet;
  amount: string;
  before: string;
  after: string;
}

function sidesOf(r: ConvertRecord): readonly RecordSide[] {
  return [
    {
      key: 'out',
      sign: '-',
      tone: 'text-down',
      currency: r.currencyOut,
      wallet: r.walletOut,
      amount: r.amountOut,
      before: r.beforeOut,
      after: r.afterOut,
    },
    {
      key: 'in',
      sign: '+',
      tone: 'text-up',
      currency: r.currencyIn,
      wallet: r.walletIn,
      amount: r.amountIn,
      before: r.beforeIn,
      after: r.afterIn,
    },
  ];
}

/**
 * A convert (spec §3): currency and wallet out and in, each with its balance before and after, the slippage and
 * the price it filled at, and when.
 */
export function ConvertRecordRow({ record, testId = 'convert-record' }: { record: ConvertRecord; testId?: string }) {
  const { t } = useTranslation();
  const sides = sidesOf(record);
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
        <Figure className="cv-record__time">{formatRecordTime(record.createdAt)}</Figure>
      </div>
      <div className="cv-record__amounts">
        {sides.map((side) => (
          <p key={side.key}>
            <Figure className={side.tone} testId={`${testId}-${side.key}`}>
              {side.sign}
              {formatDecimal(side.amount)}
            </Figure>{' '}
            <span className="cv-unit">{side.currency}</span>
          </p>
        ))}
      </div>
      <dl className="fact-list fact-list--muted record-facts cv-record__facts">
        {sides.map((side) => (
          <div key={side.key} className="cv-record__side" data-testid={`${testId}-side-${side.key}`}>
            <dt>
              {t(`convert.record.${side.key}`)} · {t(`wallets.${side.wallet}`)}
            </dt>
            <dd>
              <BeforeAfter before={side.before} after={side.after} />
              <span className="cv-unit">{side.currency}</span>
            </dd>
          </div>
        ))}
        <div className="cv-record__fact">
          <dt>{t('convert.record.price')}</dt>
          <dd>
            <Figure testId={`${testId}-price`}>
              {rateText(record.currencyOut, record.currencyIn, record.rate, '=')}
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
