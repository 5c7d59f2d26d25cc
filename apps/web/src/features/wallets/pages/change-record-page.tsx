import { Page } from '@/components/ui/page';
import type { ChangeType, Wallet } from '@nexa/contract';
import { PullToRefresh } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { PagedList } from '@/components/ui/paged-list';
import { usePagedList } from '@/lib/use-paged-list';
import { useAccountMode } from '@/shared/account-mode';
import { ChangeRow } from '../components/change-row';
import { type All, DateRangeFilter, SelectFilter } from '../components/filter-chips';
import { walletKeys } from '../hooks/query-keys';
import { useChangeTypeName } from '../hooks/use-change-type-name';
import { useMoneyLogOptions } from '../hooks/use-wallet-queries';
import { dayRangeMs, isWallet } from '../model';

/** Account change log (spec §2/§3): filter by type, wallet and a start/end date; infinite scroll. */
export default function ChangeRecordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = useAccountMode();
  const typeName = useChangeTypeName();
  const options = useMoneyLogOptions();
  const [type, setType] = useState<ChangeType | All>('all');
  const [wallet, setWallet] = useState<Wallet | All>(() => {
    const p = params.get('wallet');
    return isWallet(p) ? p : 'all';
  });
  const [range, setRange] = useState<[Date, Date] | null>(null);

  const filter = useMemo(() => {
    const days = range ? dayRangeMs(range[0], range[1]) : null;
    return {
      ...(type === 'all' ? {} : { type }),
      ...(wallet === 'all' ? {} : { wallet }),
      ...(days ? { start: days.start, end: days.end } : {}),
    };
  }, [type, wallet, range]);

  const paged = usePagedList(walletKeys.moneyLogs(mode, filter), (page, pageSize, signal) =>
    walletsApi.moneyLogs({ ...filter, page, pageSize }, signal),
  );

  const types = options.data?.types ?? [];
  const wallets = options.data?.wallets ?? [];
  const walletName = (w: Wallet) => t(`wallets.${w}`);

  return (
    <Page title={t('changeRecord.title')} back testId="change-record-page">
      <fieldset className="filter-bar">
        <legend className="sr-only">{t('changeRecord.filters')}</legend>
        <SelectFilter name="type" value={type} onChange={setType} values={types} labelOf={typeName} />
        <SelectFilter name="wallet" value={wallet} onChange={setWallet} values={wallets} labelOf={walletName} />
        <DateRangeFilter range={range} onChange={setRange} />
      </fieldset>

      <PullToRefresh onRefresh={() => paged.query.refetch()}>
        <PagedList
          paged={paged}
          label={t('changeRecord.title')}
          empty={t(Object.keys(filter).length > 0 ? 'changeRecord.emptyFiltered' : 'changeRecord.empty')}
          skeletonLines={2}
          renderItem={(log) => <ChangeRow log={log} />}
        />
      </PullToRefresh>
    </Page>
  );
}
