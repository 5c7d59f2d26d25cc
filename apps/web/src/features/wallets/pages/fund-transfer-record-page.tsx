import { Page } from '@/components/ui/page';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { usePagedList } from '@/lib/use-paged-list';
import { useAccountMode } from '@/shared/account-mode';
import { PagedList } from '../components/paged-list';
import { TransferRecordRow } from '../components/transfer-record-row';
import { walletKeys } from '../hooks/query-keys';

/** Transfer records of the current mode (index/zyRec), newest first, with infinite scroll. */
export default function FundTransferRecordPage() {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const paged = usePagedList(walletKeys.transfers(mode), (page, pageSize, signal) =>
    walletsApi.transfers(page, pageSize, signal),
  );
  return (
    <Page title={t('transferRecord.title')} back testId="transfer-record-page">
      <PullToRefresh onRefresh={() => paged.query.refetch()}>
        <PagedList
          paged={paged}
          label={t('transferRecord.title')}
          empty={t('transferRecord.empty')}
          renderItem={(record) => <TransferRecordRow record={record} />}
        />
      </PullToRefresh>
    </Page>
  );
}
