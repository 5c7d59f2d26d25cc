import { PagedList } from '@/components/ui/paged-list';
import { formatAmount, formatDateTime, formatDecimal, isolateLtr } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import type { RebateRecord } from '@nexa/contract';
import { money } from '@nexa/rules';
import { useTranslation } from 'react-i18next';
import { referralApi, referralKeys } from '../api/referral-api';

/** A rate as a percentage or, under 1 %, per mille (the turnover shares). */
export function formatRate(rate: string): string {
  const pct = money(rate).mul(100);
  return pct.gte(1) || pct.isZero() ? `${pct.toFixed()}%` : `${pct.mul(10).toFixed()}‰`;
}

const TIER_KEYS = { 1: 'referral.counts.l1', 2: 'referral.counts.l2', 3: 'referral.counts.l3' } as const;

/**
 * A depth's name ("Tier 1"): the team counts' own words in every language, so a tab, a rule's column and a record
 * read as the counts above them do (Persian writes the digit as ۱, Chinese as 一).
 */
export function tierKey(depth: number): (typeof TIER_KEYS)[1 | 2 | 3] {
  const key = TIER_KEYS[depth as 1 | 2 | 3];
  if (!key) throw new RangeError(`no tier ${depth}`);
  return key;
}

/** The rebates the user received, newest first, page by page. */
export function RebateList() {
  const { t } = useTranslation();
  const paged = usePagedList<RebateRecord>(referralKeys.rebates, (page, pageSize, signal) =>
    referralApi.rebates({ page, pageSize }, signal),
  );
  return (
    <PagedList
      paged={paged}
      label={t('referral.rebates.title')}
      empty={t('referral.rebates.empty')}
      skeletonLines={3}
      renderItem={(r) => (
        <div className="record-card" data-testid="referral-rebate">
          <div className="ref-member__head">
            <strong>{t(`referral.products.${r.product}`)}</strong>
            <strong className="tone--up" data-testid="referral-rebate-amount">
              {isolateLtr(`+${formatAmount(r.rebate)} ${r.currency}`)}
            </strong>
          </div>
          <dl className="fact-list fact-list--muted">
            <div>
              <dt>{t('referral.rebates.from')}</dt>
              <dd dir="ltr" data-testid="referral-rebate-source">{`UID ${r.sourceUid} · ${r.sourceUser}`}</dd>
            </div>
            <div>
              <dt>{t('referral.rebates.depth')}</dt>
              <dd>{t(tierKey(r.depth))}</dd>
            </div>
            <div>
              <dt>{t('referral.rebates.base')}</dt>
              <dd>{isolateLtr(`${formatDecimal(r.baseAmount)} ${r.currency}`)}</dd>
            </div>
            <div>
              <dt>{t('referral.rebates.rate')}</dt>
              <dd dir="ltr">
                {formatRate(r.rate)} · LV{r.level}
              </dd>
            </div>
            <div>
              <dt>{t('referral.rebates.time')}</dt>
              <dd>{isolateLtr(formatDateTime(r.createdAt))}</dd>
            </div>
          </dl>
        </div>
      )}
    />
  );
}
