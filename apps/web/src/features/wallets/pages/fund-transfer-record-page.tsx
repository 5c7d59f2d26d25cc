import { RecordListPage } from '@/components/ui/paged-list';
import { useAccountMode } from '@/shared/account-mode';
import { useTranslation } from 'react-i18next';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { TransferRecordRow } from '../components/transfer-record-row';
import { walletKeys } from '../hooks/query-keys';

/** Transfer records of the current mode (index/zyRec), newest first, with infinite scroll. */
export default function FundTransferRecordPage() {
  const { t } = useTranslation();
  return (
    <RecordListPage
      title={t('transferRecord.title')}
      testId="transfer-record-page"
      queryKey={walletKeys.transfers(useAccountMode())}
      fetchPage={walletsApi.transfers}
      empty={t('transferRecord.empty')}
      skeletonLines={2}
      renderItem={(record) => <TransferRecordRow record={record} />}
    />
  );
}
