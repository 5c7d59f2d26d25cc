import { Figure } from '@/components/ui/figure';
import { formatRecordTime } from '@/lib/format';
import type { DepositRecord } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { AuthThumb } from '../components/auth-thumb';
import '../components/funding.css';
import { FundingRecordPage, RecordCard } from '../components/record-card';
import { RecordField } from '../components/record-fields';

function DepositRow({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      kind="deposit"
      record={record}
      chip={record.chain}
      aside={<AuthThumb url={record.screenshotUrl} testId="deposit-record-thumb" />}
    >
      <RecordField label={t('funding.record.time')} testId="deposit-record-time">
        <Figure>{formatRecordTime(record.createdAt)}</Figure>
      </RecordField>
      <RecordField label={t('funding.record.orderNo')} wide>
        <Figure>{record.orderNo}</Figure>
      </RecordField>
      <RecordField label={t('funding.record.address')} wide>
        <Figure className="fd-field__mono">{record.address}</Figure>
      </RecordField>
    </RecordCard>
  );
}

/** Deposit records (index/czRec): order number, time, amount, chain, address, status and reason, screenshot. */
export default function RechargeRecordPage() {
  return <FundingRecordPage kind="deposit" Row={DepositRow} />;
}
