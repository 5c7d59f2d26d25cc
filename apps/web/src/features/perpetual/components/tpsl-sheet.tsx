import { sanitizeAmountInput } from '@/lib/decimal';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTakeStop } from '../hooks/use-perpetual';
import { type ValueProblem, checkTpSl } from '../model/perp-model';
import { FieldError, Figure, useProblemText } from './bits';
import { type TpSlField, TpSlPrices } from './order-fields';
import { PositionForm, type PositionFormProps, callAndClose, positionSheet } from './sheet';

type TpSlProblems = { tp?: ValueProblem | null; sl?: ValueProblem | null; none?: boolean };

function TpSlForm(props: PositionFormProps) {
  const { position, precision, onDone } = props;
  const { t } = useTranslation();
  const problemText = useProblemText();
  const save = useSetTakeStop();
  const [prices, setPrices] = useState({ tp: position.tpPrice ?? '', sl: position.slPrice ?? '' });
  const [problems, setProblems] = useState<TpSlProblems>({});
  const now = useTicker(position.symbol)?.price ?? position.markPrice;
  const hasAny = Boolean(position.tpPrice || position.slPrice);
  const { tp, sl } = prices;

  const send = (tpPrice: string, slPrice: string, message: string) =>
    callAndClose(() => save.mutateAsync({ positionId: position.id, tpPrice, slPrice }), message, onDone);

  const submit = () => {
    if (tp.trim() === '' && sl.trim() === '') {
      setProblems({ none: true });
      return;
    }
    // Against the price now, as the server checks: a level the market has already passed would close at once.
    const found = checkTpSl(tp, sl, { side: position.side, reference: now, liquidation: position.liquidationPrice });
    setProblems(found);
    if (found.tp || found.sl) return;
    return send(tp, sl, t('perpetual.tpslSheet.saved'));
  };

  const long = position.side === 'long';
  // A refusal shown follows the price the sheet shows: its limit is the price now, not the one at the tap (a
  // reviewer read "must be below 64,719.22" under a mark price of 64,725.13), and it goes once the price makes it right.
  const live = checkTpSl(tp, sl, { side: position.side, reference: now, liquidation: position.liquidationPrice });
  const field = (k: 'tp' | 'sl', hint: string): TpSlField => ({
    hint,
    value: prices[k],
    onChange: (v) => {
      setPrices((p) => ({ ...p, [k]: sanitizeAmountInput(v, precision) }));
      setProblems((p) => ({ ...p, [k]: null, none: false }));
    },
    error: problems[k] && live[k] ? problemText(k, live[k], precision) : null,
  });
  const price = (value: string) => <Figure>{formatPrice(value, precision)}</Figure>;
  const facts = [
    { label: t('perpetual.entryPrice'), value: price(position.entryPrice) },
    { label: t('perpetual.markPrice'), value: price(now), testId: 'perp-tpsl-mark' },
    { label: t('perpetual.liquidationPrice'), value: price(position.liquidationPrice) },
  ];
  const remove = {
    label: t('perpetual.tpslSheet.remove'),
    onClick: () => void send('', '', t('perpetual.tpslSheet.removed')),
    testId: 'perp-tpsl-remove',
  };
  return (
    <PositionForm
      {...props}
      facts={facts}
      pending={save.isPending}
      submit={{ onClick: submit }}
      cancel={hasAny ? remove : undefined}
    >
      <TpSlPrices
        idPrefix="perp-tpsl"
        unit="USDT"
        fields={{
          tp: field('tp', t(long ? 'perpetual.tpslSheet.tpHintLong' : 'perpetual.tpslSheet.tpHintShort')),
          sl: field('sl', t(long ? 'perpetual.tpslSheet.slHintLong' : 'perpetual.tpslSheet.slHintShort')),
        }}
      />
      {problems.none ? <FieldError id="perp-tpsl">{t('perpetual.errors.selectOne')}</FieldError> : null}
    </PositionForm>
  );
}

/**
 * Take-profit and stop-loss of one position (Sustainable/setTakeStopPrice), checked against the live price the
 * sheet shows (a long's TP above it, its SL below it and above the liquidation price). Both fields start with the current
 * values, so changing one keeps the other; submitting both blank is refused ("select at least one option", spec
 * §5); "Remove" clears both on purpose.
 */
export const TpSlSheet = positionSheet('tpsl', TpSlForm);
