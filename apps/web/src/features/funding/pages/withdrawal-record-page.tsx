import { Figure } from '@/components/ui/figure';
import { RecordListPage } from '@/components/ui/paged-list';
import { formatDateTime, formatDecimal } from '@/lib/format';
import type { WithdrawalRecord } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import '../components/funding.css';
import { RecordField } from '../components/record-fields';
import { StatusTag } from '../components/status-tag';
import { fundingKeys } from '../hooks/query-keys';

function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  return (
    <article className="funding-record" data-testid="withdrawal-record" data-status={record.status} data-id={record.id}>
      <header className="funding-record__head">
        <h3 className="funding-record__title">
          {record.currency}
          <span className="fd-chip fd-chip--small">
            {record.method === 'crypto' && record.chain ? record.chain : t('funding.method.bank')}
          </span>
        </h3>
        <StatusTag status={record.status} testId="withdrawal-record-status" />
      </header>
      <dl className="fact-grid fact-grid--ruled fd-fields">
        <RecordField label={t('funding.record.amount')} testId="withdrawal-record-amount">
          <Figure className="fd-field__strong">
            {formatDecimal(record.amount)} {record.currency}
          </Figure>
        </RecordField>
        <RecordField label={t('funding.record.fee')} testId="withdrawal-record-fee">
          <Figure>
            {formatDecimal(record.fee)} {record.currency}
          </Figure>
        </RecordField>
        <RecordField label={t('funding.record.method')}>{t(`funding.method.${record.method}`)}</RecordField>
        <RecordField label={t('funding.record.time')}>
          <Figure>{formatDateTime(record.createdAt)}</Figure>
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
        {record.status === 'failed' && record.reason ? (
          <RecordField label={t('funding.record.reason')} wide tone="danger" testId="withdrawal-record-reason">
            <span dir="auto">{record.reason}</span>
          </RecordField>
        ) : null}
      </dl>
    </article>
  );
}

/** Withdrawal records (index/tbRec): currency, method, address or masked card, amount, fee, status, reason. */
export default function WithdrawalRecordPage() {
  const { t } = useTranslation();
  return (
    <RecordListPage
      title={t('funding.withdrawalRecord.title')}
      testId="withdrawal-record-page"
      queryKey={fundingKeys.withdrawals}
      fetchPage={fundingApi.withdrawals}
      empty={t('funding.withdrawalRecord.empty')}
      renderItem={(record) => <WithdrawalRow record={record} />}
    />
  );
}
