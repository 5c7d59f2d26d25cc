import { Page } from '@/components/ui/page';
import { usePagedList } from '@/lib/use-paged-list';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { convertApi } from '../api/convert-api';
import '../components/convert.css';
import { useAccountMode } from '@/shared/account-mode';
import { ConvertRecordRow } from '../components/convert-record-row';
import { PagedList } from '../components/paged-list';
import { convertKeys } from '../hooks/query-keys';

/** Convert records of the current mode (index/sdRec), newest first, with infinite scroll. */
export default function SpotGoodsRecordPage() {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const paged = usePagedList(convertKeys.records(mode), (page, pageSize, signal) =>
    convertApi.records(page, pageSize, signal),
  );
  return (
    <Page title={t('convert.record.title')} back testId="convert-record-page">
      <PullToRefresh onRefresh={() => paged.query.refetch()}>
        <PagedList
          paged={paged}
          label={t('convert.record.title')}
          empty={t('convert.record.empty')}
          renderItem={(record) => <ConvertRecordRow record={record} />}
        />
      </PullToRefresh>
    </Page>
  );
}
