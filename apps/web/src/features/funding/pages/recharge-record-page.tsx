import { Figure } from '@/components/ui/figure';
import { RecordListPage } from '@/components/ui/paged-list';
import { formatDateTime, formatDecimal } from '@/lib/format';
import type { DepositRecord } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import { AuthThumb } from '../components/auth-thumb';
import '../components/funding.css';
import { RecordField } from '../components/record-fields';
import { StatusTag } from '../components/status-tag';
import { fundingKeys } from '../hooks/query-keys';

function DepositRow({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  return (
    <article className="funding-record" data-testid="deposit-record" data-status={record.status} data-id={record.id}>
      <header className="funding-record__head">
        <h3 className="funding-record__title">
          {record.currency}
          <span className="fd-chip fd-chip--small">{record.chain}</span>
        </h3>
        <StatusTag status={record.status} testId="deposit-record-status" />
      </header>
      <div className="funding-record__body">
        <dl className="fact-grid fact-grid--ruled fd-fields">
          <RecordField label={t('funding.record.amount')} testId="deposit-record-amount">
            <Figure className="fd-field__strong">
              {formatDecimal(record.amount)} {record.currency}
            </Figure>
          </RecordField>
          <RecordField label={t('funding.record.time')}>
            <Figure>{formatDateTime(record.createdAt)}</Figure>
          </RecordField>
          <RecordField label={t('funding.record.orderNo')} wide>
            <Figure>{record.orderNo}</Figure>
          </RecordField>
          <RecordField label={t('funding.record.address')} wide>
            <Figure className="fd-field__mono">{record.address}</Figure>
          </RecordField>
          {record.status === 'failed' && record.reason ? (
            <RecordField label={t('funding.record.reason')} wide tone="danger" testId="deposit-record-reason">
              <span dir="auto">{record.reason}</span>
            </RecordField>
          ) : null}
        </dl>
        <AuthThumb url={record.screenshotUrl} testId="deposit-record-thumb" />
      </div>
    </article>
  );
}

/** Deposit records (index/czRec): order number, time, amount, chain, address, status and reason, screenshot. */
export default function RechargeRecordPage() {
  const { t } = useTranslation();
  return (
    <RecordListPage
      title={t('funding.depositRecord.title')}
      testId="recharge-record-page"
      queryKey={fundingKeys.deposits}
      fetchPage={fundingApi.deposits}
      empty={t('funding.depositRecord.empty')}
      renderItem={(record) => <DepositRow record={record} />}
    />
  );
}
