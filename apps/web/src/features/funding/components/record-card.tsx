import { Figure } from '@/components/ui/figure';
import { RecordListPage } from '@/components/ui/paged-list';
import { formatDecimal } from '@/lib/format';
import type { PageOf } from '@/lib/use-paged-list';
import type { DepositRecord, WithdrawalRecord } from '@nexa/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import { fundingKeys } from '../hooks/query-keys';
import { RecordField } from './record-fields';
import { StatusTag } from './status-tag';

interface Records {
  deposit: DepositRecord;
  withdrawal: WithdrawalRecord;
}
type Kind = keyof Records;

/** Where each record list is read, and the test id of its page. */
const LISTS: {
  [K in Kind]: {
    testId: string;
    queryKey: QueryKey;
    fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<PageOf<Records[K]>>;
  };
} = {
  deposit: { testId: 'recharge-record-page', queryKey: fundingKeys.deposits, fetchPage: fundingApi.deposits },
  withdrawal: {
    testId: 'withdrawal-record-page',
    queryKey: fundingKeys.withdrawals,
    fetchPage: fundingApi.withdrawals,
  },
};

/** The deposit or withdrawal records page: its title and empty text under `funding.<kind>Record`, a `Row` a record. */
export function FundingRecordPage<K extends Kind>({
  kind,
  Row,
}: {
  kind: K;
  Row: (props: { record: Records[K] }) => ReactNode;
}) {
  const { t } = useTranslation();
  const texts: Kind = kind;
  return (
    <RecordListPage<Records[K]>
      {...LISTS[kind]}
      title={t(`funding.${texts}Record.title`)}
      empty={t(`funding.${texts}Record.empty`)}
      renderItem={(record) => <Row record={record} />}
    />
  );
}

/**
 * One deposit or withdrawal (test ids `<kind>-record…`): the currency with its chip (chain or method) and the status,
 * then the amount, the kind's own fields (`children`) and, when it failed, the reason. `aside` sits beside the fields.
 */
export function RecordCard({
  kind,
  record,
  chip,
  aside,
  children,
}: {
  kind: Kind;
  record: Records[Kind];
  chip: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fields = (
    <dl className="fact-grid fact-grid--ruled fd-fields">
      <RecordField label={t('funding.record.amount')} testId={`${kind}-record-amount`}>
        <Figure className="fd-field__strong">
          {formatDecimal(record.amount)} {record.currency}
        </Figure>
      </RecordField>
      {children}
      {record.status === 'failed' && record.reason ? (
        <RecordField label={t('funding.record.reason')} wide tone="danger" testId={`${kind}-record-reason`}>
          <span dir="auto">{record.reason}</span>
        </RecordField>
      ) : null}
    </dl>
  );
  return (
    <article className="funding-record" data-testid={`${kind}-record`} data-status={record.status} data-id={record.id}>
      <header className="funding-record__head">
        <h3 className="funding-record__title">
          {record.currency}
          <span className="fd-chip fd-chip--small">{chip}</span>
        </h3>
        <StatusTag status={record.status} testId={`${kind}-record-status`} />
      </header>
      {aside ? (
        <div className="funding-record__body">
          {fields}
          {aside}
        </div>
      ) : (
        fields
      )}
    </article>
  );
}
