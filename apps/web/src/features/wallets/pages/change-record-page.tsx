import { Page } from '@/components/ui/page';
import { SelectSheet } from '@/components/ui/select-sheet';
import { formatDate } from '@/lib/format';
import type { ChangeType, Wallet } from '@nexa/contract';
import { CalendarPicker, PullToRefresh } from 'antd-mobile';
import { CalendarOutline, CloseCircleFill, DownOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { walletsApi } from '../api/wallets-api';
import '../components/wallets.css';
import { PagedList } from '@/components/ui/paged-list';
import { usePagedList } from '@/lib/use-paged-list';
import { useAccountMode } from '@/shared/account-mode';
import { ChangeRow } from '../components/change-row';
import { walletKeys } from '../hooks/query-keys';
import { useChangeTypeName } from '../hooks/use-change-type-name';
import { useMoneyLogOptions } from '../hooks/use-wallet-queries';
import { dayRangeMs, isWallet } from '../model';

type All = 'all';
/** How far back the date picker reaches. */
const PICKER_MONTHS_BACK = 12;

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
  const [sheet, setSheet] = useState<'type' | 'wallet' | 'date' | null>(null);

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

  const [min, max] = useMemo(() => {
    const today = new Date();
    return [new Date(today.getFullYear(), today.getMonth() - PICKER_MONTHS_BACK, 1), today];
  }, []);

  const types = options.data?.types ?? [];
  const wallets = options.data?.wallets ?? [];

  return (
    <Page title={t('changeRecord.title')} back testId="change-record-page">
      <fieldset className="filter-bar">
        <legend className="sr-only">{t('changeRecord.filters')}</legend>
        <button
          type="button"
          className={`filter-chip${type === 'all' ? '' : ' filter-chip--on'}`}
          onClick={() => setSheet('type')}
          data-testid="change-filter-type"
        >
          <span className="filter-chip__text">{type === 'all' ? t('changeRecord.allTypes') : typeName(type)}</span>
          <DownOutline className="filter-chip__chevron" />
        </button>
        <button
          type="button"
          className={`filter-chip${wallet === 'all' ? '' : ' filter-chip--on'}`}
          onClick={() => setSheet('wallet')}
          data-testid="change-filter-wallet"
        >
          <span className="filter-chip__text">
            {wallet === 'all' ? t('changeRecord.allWallets') : t(`wallets.${wallet}`)}
          </span>
          <DownOutline className="filter-chip__chevron" />
        </button>
        <span className={`filter-chip filter-chip--date${range ? ' filter-chip--on' : ''}`}>
          <button
            type="button"
            className="filter-chip__button"
            onClick={() => setSheet('date')}
            data-testid="change-filter-date"
          >
            <CalendarOutline className="filter-chip__icon" />
            <span className="filter-chip__text" dir={range ? 'ltr' : undefined}>
              {range
                ? `${formatDate(range[0].getTime())} ~ ${formatDate(range[1].getTime())}`
                : t('changeRecord.allDates')}
            </span>
          </button>
          {range ? (
            <button
              type="button"
              className="filter-chip__clear"
              onClick={() => setRange(null)}
              aria-label={t('changeRecord.clearDates')}
              data-testid="change-filter-date-clear"
            >
              <CloseCircleFill />
            </button>
          ) : null}
        </span>
      </fieldset>

      <PullToRefresh onRefresh={() => paged.query.refetch()}>
        <PagedList
          paged={paged}
          label={t('changeRecord.title')}
          empty={t('changeRecord.empty')}
          skeletonLines={2}
          renderItem={(log) => <ChangeRow log={log} />}
        />
      </PullToRefresh>

      <SelectSheet
        visible={sheet === 'type'}
        title={t('changeRecord.type')}
        options={[
          { value: 'all' as const, label: t('changeRecord.allTypes') },
          ...types.map((v) => ({ value: v, label: typeName(v) })),
        ]}
        value={type}
        onSelect={setType}
        onClose={() => setSheet(null)}
        testId="change-filter-type"
      />
      <SelectSheet
        visible={sheet === 'wallet'}
        title={t('changeRecord.wallet')}
        options={[
          { value: 'all' as const, label: t('changeRecord.allWallets') },
          ...wallets.map((v) => ({ value: v, label: t(`wallets.${v}`) })),
        ]}
        value={wallet}
        onSelect={setWallet}
        onClose={() => setSheet(null)}
        testId="change-filter-wallet"
      />
      <CalendarPicker
        visible={sheet === 'date'}
        selectionMode="range"
        title={t('changeRecord.selectDates')}
        min={min}
        max={max}
        defaultValue={range}
        onClose={() => setSheet(null)}
        onMaskClick={() => setSheet(null)}
        onConfirm={(value) => setRange(value)}
        popupClassName="calendar-sheet"
      />
    </Page>
  );
}
