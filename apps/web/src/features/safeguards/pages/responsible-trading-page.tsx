import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { formatAmount, formatDateTime, isolateLtr } from '@/lib/format';

/** An amount in USDT that keeps its order inside a right-to-left line. */
const usdt = (amount: string) => isolateLtr(`${formatAmount(amount)} USDT`);
const when = (ms: number) => isolateLtr(formatDateTime(ms));
import { useSingleFlight } from '@/lib/use-single-flight';
import { Dialog } from '@/shared/dialog';
import { Segmented } from '@/shared/trading-bits';
import {
  TRADING_BREAK_RANGE,
  type TradingBreakKind,
  type TradingLimitView,
  type TradingLimitsData,
} from '@nexa/contract';
import { breakEnd, compareDecimal } from '@nexa/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar, Skeleton, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeguardsApi, safeguardsKeys } from '../api/safeguards-api';
import { LimitSheet } from '../components/limit-sheet';
import './safeguards.css';

/** How full a window is, 0–100, for the bar under a limit. */
const percentOf = (l: TradingLimitView) => {
  if (l.amount === null) return 0;
  if (compareDecimal(l.used, l.amount) >= 0) return 100;
  // A display ratio only: the figures themselves stay decimal strings.
  return Math.round((Number.parseFloat(l.used) / Number.parseFloat(l.amount)) * 100);
};

function LimitRow({ limit, onEdit }: { limit: TradingLimitView; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="sg-limit" data-testid={`safeguards-limit-${limit.kind}`}>
      <div className="sg-limit__head">
        <strong>{t(`safeguards.kinds.${limit.kind}`)}</strong>
        <Button size="mini" onClick={onEdit} data-testid={`safeguards-edit-${limit.kind}`}>
          {t('safeguards.set')}
        </Button>
      </div>
      <dl className="fact-list fact-list--muted">
        <div>
          <dt>{t('safeguards.limit')}</dt>
          <dd data-testid={`safeguards-amount-${limit.kind}`}>
            {limit.amount === null ? t('safeguards.none') : usdt(limit.amount)}
          </dd>
        </div>
        <div>
          <dt>{t(limit.kind.endsWith('Loss') ? 'safeguards.usedLoss' : 'safeguards.used')}</dt>
          <dd data-testid={`safeguards-used-${limit.kind}`}>{usdt(limit.used)}</dd>
        </div>
      </dl>
      {limit.amount !== null ? <ProgressBar percent={percentOf(limit)} className="sg-limit__bar" /> : null}
      {limit.pending ? (
        <p className="callout callout--small tone--accent" data-testid={`safeguards-pending-${limit.kind}`}>
          {t(limit.pending.amount === null ? 'safeguards.pendingRemove' : 'safeguards.pending', {
            amount: limit.pending.amount && isolateLtr(formatAmount(limit.pending.amount)),
            at: when(limit.pending.effectiveAt),
          })}
        </p>
      ) : null}
    </li>
  );
}

function BreakSection({ data, onSaved }: { data: TradingLimitsData; onSaved: (d: TradingLimitsData) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TradingBreakKind>('coolOff');
  const range = TRADING_BREAK_RANGE[kind];
  const [length, setLength] = useState<number>(range.min);
  const take = useSingleFlight(async () => {
    const ok = await Dialog.confirm({
      title: t(`safeguards.breaks.${kind}`),
      content: t('safeguards.breakConfirm', { until: when(breakEnd(kind, length, Date.now())) }),
      confirmText: <span data-testid="safeguards-break-confirm">{t('common.confirm')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      onSaved(await safeguardsApi.takeBreak({ kind, length }));
    } catch {
      // Toasted.
    }
  });
  return (
    <section className="section stack" data-testid="safeguards-break">
      <h2 className="sg-title">{t('safeguards.breakTitle')}</h2>
      {data.break ? (
        <p className="callout tone--warning" data-testid="safeguards-break-active">
          {t(`safeguards.breakActive.${data.break.kind}`, { until: when(data.break.until) })}
        </p>
      ) : null}
      <p className="callout callout--small">{t('safeguards.breakHint')}</p>
      <Segmented
        className="segmented"
        item="segmented__item"
        srOnly="sr-only"
        legend={t('safeguards.breakTitle')}
        value={kind}
        options={(['coolOff', 'selfExclusion'] as const).map((k) => ({
          value: k,
          label: t(`safeguards.breaks.${k}`),
          testId: `safeguards-break-${k}`,
        }))}
        onChange={(k) => {
          setKind(k);
          setLength(TRADING_BREAK_RANGE[k].min);
        }}
      />
      <div className="sg-length">
        <span>{t(`safeguards.units.${range.unit}`)}</span>
        <Stepper
          min={range.min}
          max={range.max}
          value={length}
          onChange={(v) => setLength(v)}
          data-testid="safeguards-break-length"
        />
      </div>
      <Button
        block
        color="danger"
        fill="outline"
        loading={take.running}
        onClick={() => void take.run()}
        data-testid="safeguards-break-take"
      >
        {t('safeguards.takeBreak')}
      </Button>
    </section>
  );
}

/**
 * Responsible trading (Settings → Responsible trading): the four limits with what each window has used, a waiting
 * raise, and a break from trading. Everything applies to the real account; the server enforces it on every order.
 */
export default function ResponsibleTradingPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: safeguardsKeys.limits, queryFn: ({ signal }) => safeguardsApi.limits(signal) });
  const [editing, setEditing] = useState<TradingLimitView | null>(null);
  const saved = (data: TradingLimitsData) => {
    client.setQueryData(safeguardsKeys.limits, data);
    setEditing(null);
  };
  return (
    <Page title={t('safeguards.title')} back testId="safeguards-page">
      <QueryView query={query} loading={<Skeleton.Paragraph lineCount={8} animated />}>
        {(data) => (
          <div className="stack">
            <p className="callout">{t('safeguards.intro')}</p>
            <ul className="section sg-limits">
              {data.limits.map((l) => (
                <LimitRow key={l.kind} limit={l} onEdit={() => setEditing(l)} />
              ))}
            </ul>
            <BreakSection data={data} onSaved={saved} />
          </div>
        )}
      </QueryView>
      <LimitSheet limit={editing} onClose={() => setEditing(null)} onSaved={saved} />
    </Page>
  );
}
