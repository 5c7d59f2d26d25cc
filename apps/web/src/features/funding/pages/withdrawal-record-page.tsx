import { Figure } from '@/components/ui/figure';
import { formatDecimal, formatRecordTime } from '@/lib/format';
import type { WithdrawalRecord } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import '../components/funding.css';
import { FundingRecordPage, RecordCard } from '../components/record-card';
import { RecordField } from '../components/record-fields';

function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  const chip = record.method === 'crypto' && record.chain ? record.chain : t('funding.method.bank');
  return (
    <RecordCard kind="withdrawal" record={record} chip={chip}>
      <RecordField label={t('funding.record.fee')} testId="withdrawal-record-fee">
        <Figure>
          {formatDecimal(record.fee)} {record.currency}
        </Figure>
      </RecordField>
      <RecordField label={t('funding.record.method')}>{t(`funding.method.${record.method}`)}</RecordField>
      <RecordField label={t('funding.record.time')} testId="withdrawal-record-time">
        <Figure>{formatRecordTime(record.createdAt)}</Figure>
      </RecordField>
      {record.method === 'crypto' ? (
        <RecordField label={t('funding.record.address')} wide testId="withdrawal-record-target">
          <Figure className="fd-field__mono">{record.address ?? '--'}</Figure>
        </RecordField>
      ) : (
        <RecordField label={t('funding.record.card')} wide testId="withdrawal-record-target">
          <span dir="auto">{record.bankName}</span> <Figure>{record.cardNumber}</Figure>
          {record.userName ? (
            <>
              {' · '}
              <span dir="auto">{record.userName}</span>
            </>
          ) : null}
        </RecordField>
      )}
      <RecordField label={t('funding.record.orderNo')} wide>
        <Figure>{record.orderNo}</Figure>
      </RecordField>
    </RecordCard>
  );
}

/** Withdrawal records (index/tbRec): currency, method, address or masked card, amount, fee, status, reason. */
export default function WithdrawalRecordPage() {
  return <FundingRecordPage kind="withdrawal" Row={WithdrawalRow} />;
}
