import { RecordListPage } from '@/components/ui/paged-list';
import { useAccountMode } from '@/shared/account-mode';
import { useTranslation } from 'react-i18next';
import { convertApi } from '../api/convert-api';
import '../components/convert.css';
import { ConvertRecordRow } from '../components/convert-record-row';
import { convertKeys } from '../hooks/query-keys';

/** Convert records of the current mode (index/sdRec), newest first, with infinite scroll. */
export default function SpotGoodsRecordPage() {
  const { t } = useTranslation();
  return (
    <RecordListPage
      title={t('convert.record.title')}
      testId="convert-record-page"
      queryKey={convertKeys.records(useAccountMode())}
      fetchPage={convertApi.records}
      empty={t('convert.record.empty')}
      className="cv-records"
      renderItem={(record) => <ConvertRecordRow record={record} />}
    />
  );
}
