import { AmountField } from '@/components/ui/amount-field';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SelectButton } from '@/components/ui/select-button';
import { SelectSheet } from '@/components/ui/select-sheet';
import { TextField } from '@/components/ui/text-field';
import { formatAmount, isolateLtr } from '@/lib/format';
import { Segmented, pairName } from '@/shared/trading-bits';
import type { FollowPlan } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveryWalletBalance } from '../hooks/use-copy';
import { usePlanForm } from '../hooks/use-plan-form';
import type { PlanError, PlanField } from '../model';
import { InviteesField } from './invitees-field';
import { OrderTimeField } from './order-time-field';
import { DirectionLabel, usePeriodName } from './plan-bits';

/** The fields a missing value is named for (spec §5's prompts: "title", "select the order time", …). */
const NAMED_WHEN_MISSING = ['title', 'symbol', 'seconds', 'orderTime', 'value', 'amount'] as const;
const namedWhenMissing = (field: PlanField): field is (typeof NAMED_WHEN_MISSING)[number] =>
  (NAMED_WHEN_MISSING as readonly PlanField[]).includes(field);

/** A field's refusal in words: a missing value says what to enter, the rest what is wrong with it. */
function usePlanErrors(cap?: string) {
  const { t } = useTranslation();
  return (e: PlanError | undefined, field: PlanField): string | null => {
    if (!e) return null;
    if (e === 'required' && namedWhenMissing(field)) return t(`copy.errors.missing.${field}`);
    return t(`copy.errors.${e}`, { cap });
  };
}

/** The product, direction and purchase duration of a plan. */
function WhatSection({ f }: { f: ReturnType<typeof usePlanForm> }) {
  const { t } = useTranslation();
  const periodName = usePeriodName();
  const [choosing, setChoosing] = useState(false);
  const err = usePlanErrors();
  return (
    <>
      <SelectButton
        label={t('copy.form.product')}
        onClick={() => setChoosing(true)}
        testId="copy-form-product"
        className="copy-select"
        disabled={!f.products.data}
      >
        <span dir="ltr">{f.symbol ? pairName(f.symbol, f.products.data) : '--'}</span>
      </SelectButton>
      <SelectSheet
        visible={choosing}
        title={t('copy.form.product')}
        options={(f.products.data ?? []).map((p) => ({
          value: p.symbol,
          label: <span dir="ltr">{`${p.base}/${p.quote}`}</span>,
        }))}
        value={f.symbol ?? null}
        onSelect={(symbol) => {
          f.set('symbol', symbol);
          f.set('seconds', undefined);
          setChoosing(false);
        }}
        onClose={() => setChoosing(false)}
        testId="copy-form-products"
      />
      <div className="field">
        <span className="field__label">{t('copy.form.direction')}</span>
        <Segmented
          className="segmented"
          item="segmented__item"
          srOnly="sr-only"
          legend={t('copy.form.direction')}
          value={f.draft.direction}
          onChange={(d) => f.set('direction', d)}
          options={(['call', 'put'] as const).map((d) => ({
            value: d,
            label: <DirectionLabel direction={d} />,
            testId: `copy-form-direction-${d}`,
          }))}
        />
      </div>
      <div className="field">
        <span className="field__label">{t('copy.form.duration')}</span>
        {f.periods.isPending && f.symbol ? (
          <Skeleton.Paragraph lineCount={1} animated />
        ) : (
          <Segmented
            className="segmented copy-periods"
            item="segmented__item"
            srOnly="sr-only"
            legend={t('copy.form.duration')}
            value={f.period?.seconds}
            onChange={(s) => f.set('seconds', s)}
            options={(f.periods.data ?? []).map((p) => ({
              value: p.seconds,
              label: periodName(p.seconds),
              testId: `copy-form-period-${p.seconds}`,
            }))}
          />
        )}
        {err(f.errors.seconds, 'seconds') ? <p className="field__error">{err(f.errors.seconds, 'seconds')}</p> : null}
      </div>
    </>
  );
}

/** The followers' stake: fixed or a percentage of their copy-trading wallet, with a min and a max. */
function ConditionSection({ f }: { f: ReturnType<typeof usePlanForm> }) {
  const { t } = useTranslation();
  const err = usePlanErrors();
  const percent = f.draft.conditionType === 'percent';
  return (
    <fieldset className="copy-fieldset">
      <legend className="field__label">{t('copy.form.condition')}</legend>
      <Segmented
        className="segmented"
        item="segmented__item"
        srOnly="sr-only"
        legend={t('copy.form.condition')}
        value={f.draft.conditionType}
        onChange={(c) => f.set('conditionType', c)}
        options={(['fixed', 'percent'] as const).map((c) => ({
          value: c,
          label: t(`copy.condition.${c}`),
          testId: `copy-form-condition-${c}`,
        }))}
      />
      <AmountField
        label={percent ? t('copy.form.percentValue') : t('copy.form.fixedValue')}
        unit={percent ? '%' : 'USDT'}
        scale={2}
        value={f.draft.value}
        onValue={(v) => f.set('value', v)}
        error={err(f.errors.value, 'value')}
        testId="copy-form-value"
      />
      <div className="copy-pair">
        <AmountField
          label={t('copy.form.min')}
          hint={t('copy.form.optional')}
          unit="USDT"
          scale={2}
          value={f.draft.min}
          onValue={(v) => f.set('min', v)}
          error={err(f.errors.min, 'min')}
          testId="copy-form-min"
        />
        <AmountField
          label={t('copy.form.max')}
          hint={t('copy.form.optional')}
          unit="USDT"
          scale={2}
          value={f.draft.max}
          onValue={(v) => f.set('max', v)}
          error={err(f.errors.max, 'max')}
          testId="copy-form-max"
        />
      </div>
    </fieldset>
  );
}

/**
 * Follow plan → Create: every field of spec §2 (title, product, direction, purchase duration, order time, condition
 * with min and max, invitees by uid) plus the leader's own stake and profit share; publishing holds the stake from
 * the delivery wallet.
 */
export function PlanFormView({ onPublished }: { onPublished: (plan: FollowPlan) => void }) {
  const { t } = useTranslation();
  const f = usePlanForm(onPublished);
  const balance = useDeliveryWalletBalance();
  const err = usePlanErrors(f.cap);
  return (
    <form
      className="stack copy-form"
      data-testid="copy-form"
      onSubmit={(e) => {
        e.preventDefault();
        void f.publish();
      }}
    >
      <TextField
        label={t('copy.form.title')}
        placeholder={t('copy.form.titlePlaceholder')}
        maxLength={60}
        value={f.draft.title}
        onChange={(e) => f.set('title', e.target.value)}
        error={err(f.errors.title, 'title')}
        testId="copy-form-title"
      />
      <WhatSection f={f} />
      <OrderTimeField
        value={f.draft.time}
        onChange={(c) => f.set('time', c)}
        error={err(f.errors.orderTime, 'orderTime')}
      />
      <ConditionSection f={f} />
      <AmountField
        label={t('copy.form.amount')}
        hint={
          balance.available !== undefined
            ? t('copy.form.fromDelivery', { amount: isolateLtr(`${formatAmount(balance.available)} USDT`) })
            : undefined
        }
        placeholder={
          f.period
            ? t('copy.form.amountRange', { min: formatAmount(f.period.minStake), max: formatAmount(f.period.maxStake) })
            : undefined
        }
        unit="USDT"
        scale={2}
        value={f.draft.amount}
        onValue={(v) => f.set('amount', v)}
        error={err(f.errors.amount, 'amount')}
        testId="copy-form-amount"
      />
      <AmountField
        label={t('copy.form.share')}
        hint={t('copy.form.shareHint', { cap: f.cap })}
        unit="%"
        scale={2}
        value={f.draft.profitSharePct}
        onValue={(v) => f.set('profitSharePct', v)}
        error={err(f.errors.share, 'share')}
        testId="copy-form-share"
      />
      <InviteesField value={f.draft.invitees} onChange={(list) => f.set('invitees', list)} />
      <PrimaryButton type="submit" loading={f.pending} disabled={f.pending} testId="copy-form-publish">
        {t('copy.form.publish')}
      </PrimaryButton>
    </form>
  );
}
