import { AmountField } from '@/components/ui/amount-field';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { QueryView } from '@/components/ui/query-view';
import { isolateLtr } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useAccountMode } from '@/shared/account-mode';
import type { CopySettingsBody, CopySettingsData } from '@nexa/contract';
import { isPositiveAmount } from '@nexa/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { copyApi, copyKeys } from '../api/copy-api';
import { usdt } from '../components/plan-bits';
import '../copy.css';
import { useCopySettings } from '../hooks/use-copy';

const FIELDS = ['maxStakePerCopy', 'maxDailyStake', 'stopLossDaily', 'stopLossWeekly'] as const;
type Field = (typeof FIELDS)[number];
type Texts = Record<Field, string>;

const textsOf = (d: CopySettingsData): Texts => ({
  maxStakePerCopy: d.maxStakePerCopy ?? '',
  maxDailyStake: d.maxDailyStake ?? '',
  stopLossDaily: d.stopLossDaily ?? '',
  stopLossWeekly: d.stopLossWeekly ?? '',
});

/** The four limits: an empty field means no limit. */
function LimitsForm({ data }: { data: CopySettingsData }) {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const client = useQueryClient();
  const [texts, setTexts] = useState<Texts>(() => textsOf(data));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSingleFlight(async () => {
    const bad = FIELDS.filter((f) => texts[f] !== '' && !isPositiveAmount(texts[f]));
    setErrors(Object.fromEntries(bad.map((f) => [f, t('copy.errors.invalid')])));
    if (bad.length > 0) return;
    const body = Object.fromEntries(FIELDS.map((f) => [f, texts[f] === '' ? null : texts[f]])) as CopySettingsBody;
    try {
      const saved = await copyApi.saveSettings(body);
      client.setQueryData(copyKeys.settings(mode), saved);
      setTexts(textsOf(saved));
      Toast.show({ content: t('copy.settings.saved') });
    } catch {
      // Toasted by the request helper.
    }
  });
  return (
    <form
      className="section stack"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      {FIELDS.map((f) => (
        <AmountField
          key={f}
          label={t(`copy.settings.${f}`)}
          hint={t('copy.settings.noLimitHint')}
          unit="USDT"
          scale={2}
          value={texts[f]}
          onValue={(v) => setTexts((x) => ({ ...x, [f]: v }))}
          error={errors[f] ?? null}
          testId={`copy-settings-${f}`}
        />
      ))}
      <PrimaryButton type="submit" loading={save.running} testId="copy-settings-save">
        {t('common.confirm')}
      </PrimaryButton>
    </form>
  );
}

/** Where today and this week stand against the limits. */
function Usage({ data }: { data: CopySettingsData }) {
  const { t } = useTranslation();
  return (
    <section className="section stack" data-testid="copy-settings-usage">
      {data.stopped ? (
        <p className="callout tone--warning" data-testid="copy-settings-stopped">
          {t('copy.settings.stopped')}
        </p>
      ) : null}
      <dl className="fact-list fact-list--muted">
        <div>
          <dt>{t('copy.settings.stakedToday')}</dt>
          <dd>{usdt(data.stakedToday)}</dd>
        </div>
        <div>
          <dt>{t('copy.settings.lossToday')}</dt>
          <dd>{usdt(data.lossToday)}</dd>
        </div>
        <div>
          <dt>{t('copy.settings.lossThisWeek')}</dt>
          <dd>{usdt(data.lossThisWeek)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The leaders I auto-follow, each with a way to stop. */
function AutoFollowList() {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: copyKeys.autoFollows(mode),
    queryFn: ({ signal }) => copyApi.autoFollows(signal),
  });
  const stop = useSingleFlight(async (uid: number) => {
    try {
      client.setQueryData(copyKeys.autoFollows(mode), await copyApi.autoFollow(uid, false));
      void client.invalidateQueries({ queryKey: copyKeys.leader(mode, uid) });
    } catch {
      // Toasted.
    }
  });
  return (
    <section className="section stack" data-testid="copy-auto-follows">
      <h2 className="copy-title">{t('copy.settings.autoTitle')}</h2>
      <p className="callout callout--small">{t('copy.settings.autoHint')}</p>
      <QueryView query={query} loading={<Skeleton.Paragraph lineCount={3} animated />}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={t('copy.settings.autoEmpty')} testId="copy-auto-empty" />
          ) : (
            <ul className="copy-mini-list">
              {data.list.map((item) => (
                <li key={item.leader.uid} className="copy-mini" data-testid={`copy-auto-${item.leader.uid}`}>
                  <Link className="copy-mini__title link" to={`${ROUTES.copyLeader}?uid=${item.leader.uid}`}>
                    {item.leader.nickname} · {isolateLtr(`UID ${item.leader.uid}`)}
                  </Link>
                  <Button size="mini" disabled={stop.running} onClick={() => void stop.run(item.leader.uid)}>
                    {t('copy.settings.autoStop')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

/**
 * Copy-trading settings (issue 14, beyond the spec): the most per copy, per day, the automatic stop after a net copy
 * loss in a day or a week, and the auto-follow list. The server enforces them on every confirmation.
 */
export default function CopySettingsPage() {
  const { t } = useTranslation();
  const mode = useAccountMode();
  const query = useCopySettings();
  return (
    <Page title={t('copy.settings.title')} back testId="copy-settings-page">
      <QueryView query={query} loading={<Skeleton.Paragraph lineCount={8} animated />}>
        {(data) => (
          <div className="stack">
            <p className="callout">{t('copy.settings.intro', { mode: t(`delivery.mode.${mode}`) })}</p>
            <Usage data={data} />
            <LimitsForm data={data} />
            <AutoFollowList />
          </div>
        )}
      </QueryView>
    </Page>
  );
}
