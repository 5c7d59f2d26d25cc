import { ApiError } from '@/lib/request';
import { useSession } from '@/lib/session-store';
import { useProducts } from '@/lib/use-market';
import { COPY_MAX_PROFIT_SHARE_CAP, type FollowPlan } from '@nexa/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type CreatePlanInput, copyApi, copyKeys } from '../api/copy-api';
import { type OrderTimeChoice, orderTimeOf } from '../components/order-time-field';
import { type PlanError, type PlanField, type PlanForm, serverPlanErrors, validatePlan } from '../model';
import { useCopySettings, useCreatePlan } from './use-copy';

type Draft = Omit<PlanForm, 'orderTime' | 'symbol'> & { symbol: string | undefined; time: OrderTimeChoice | undefined };

/** The form field a draft key edits (whose server refusal it clears). */
const DRAFT_FIELD: Partial<Record<keyof Draft, PlanField>> = {
  title: 'title',
  symbol: 'symbol',
  seconds: 'seconds',
  time: 'orderTime',
  conditionType: 'value',
  value: 'value',
  min: 'min',
  max: 'max',
  amount: 'amount',
  profitSharePct: 'share',
};

const EMPTY: Draft = {
  title: '',
  symbol: undefined,
  direction: 'call',
  seconds: undefined,
  time: undefined,
  conditionType: 'fixed',
  value: '',
  min: '',
  max: '',
  amount: '',
  profitSharePct: '',
  invitees: [],
};

const PERIODS_STALE_MS = 5 * 60_000;

/**
 * The create-plan form's state and checks: the product (the Futures tab's one by default), its periods, every
 * field of spec §2, and the publish call (a money call: the leader's stake is held). Errors show once the user tried
 * to publish.
 */
export function usePlanForm(onPublished: (plan: FollowPlan) => void) {
  const chosen = useSession((s) => s.productType1);
  const products = useProducts();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<PlanField, PlanError>>>({});
  const symbol = draft.symbol ?? chosen ?? products.data?.[0]?.symbol;
  const periods = useQuery({
    queryKey: copyKeys.periods(symbol ?? ''),
    queryFn: ({ signal }) => copyApi.periods(symbol ?? '', signal),
    enabled: Boolean(symbol),
    staleTime: PERIODS_STALE_MS,
  });
  // The cap operators set now (the form checks against it; the server checks again at publishing).
  const copySettings = useCopySettings();
  const cap = copySettings.data?.profitShareCapPct ?? COPY_MAX_PROFIT_SHARE_CAP;
  const period = periods.data?.find((p) => p.seconds === draft.seconds) ?? periods.data?.[0];
  const create = useCreatePlan();
  const form = (now: number): PlanForm => ({
    ...draft,
    symbol,
    seconds: period?.seconds,
    orderTime: orderTimeOf(draft.time, now),
  });
  const errors: Partial<Record<PlanField, PlanError>> = tried
    ? { ...refused, ...validatePlan(form(Date.now()), Date.now(), period, cap) }
    : {};
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // What the server said of a field stands until it is changed.
    setRefused((r) => {
      const field = DRAFT_FIELD[key];
      if (!field || !(field in r)) return r;
      const { [field]: _changed, ...rest } = r;
      return rest;
    });
  };
  const publish = async () => {
    setTried(true);
    const now = Date.now();
    const f = form(now);
    if (Object.keys(validatePlan(f, now, period, cap)).length > 0) return;
    try {
      const plan = await create.mutateAsync(inputOf(f));
      setDraft({ ...EMPTY, symbol: draft.symbol });
      setTried(false);
      setRefused({});
      onPublished(plan);
    } catch (error) {
      // Toasted by the request helper; the form keeps what was typed and shows a refused field under it.
      if (error instanceof ApiError) setRefused(serverPlanErrors(error.fields, f.orderTime, now));
    }
  };
  return { draft, set, symbol, products, periods, period, cap, errors, publish, pending: create.isPending };
}

/** The call's body from a checked form. */
function inputOf(f: PlanForm): CreatePlanInput {
  return {
    title: f.title.trim(),
    symbol: f.symbol ?? '',
    direction: f.direction,
    seconds: f.seconds ?? 0,
    orderTime: f.orderTime ?? 0,
    condition: { type: f.conditionType, value: f.value, min: f.min || undefined, max: f.max || undefined },
    amount: f.amount,
    invitees: f.invitees.map((u) => u.uid),
    profitSharePct: f.profitSharePct || undefined,
  };
}
