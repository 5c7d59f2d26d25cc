import { sanitizeAmountInput } from '@/lib/decimal';
import { formatPrice } from '@/lib/market-format';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTakeStop } from '../hooks/use-perpetual';
import { type ValueProblem, checkTpSl } from '../model/perp-model';
import { FieldError, Figure, useProblemText } from './bits';
import { PriceField } from './order-fields';
import {
  Fact,
  Facts,
  PairFact,
  type PositionFormProps,
  PositionSheet,
  type PositionSheetProps,
  SheetActions,
  callAndClose,
} from './sheet';

/**
 * Take-profit and stop-loss of one position (Sustainable/setTakeStopPrice). Both fields start with the current
 * values, so changing one keeps the other; submitting both blank is refused ("select at least one option", spec
 * §5); "Remove" clears both on purpose.
 */
export function TpSlSheet({ position, pair, precision, onClose }: PositionSheetProps) {
  const { t } = useTranslation();
  return (
    <PositionSheet
      position={position}
      title={t('perpetual.tpslSheet.title')}
      testId="perp-tpsl-sheet"
      onClose={onClose}
    >
      {(p) => <TpSlForm key={p.id} position={p} pair={pair} precision={precision} onDone={onClose} />}
    </PositionSheet>
  );
}

function TpSlForm({ position, pair, precision, onDone }: PositionFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const save = useSetTakeStop();
  const [tp, setTp] = useState(position.tpPrice ?? '');
  const [sl, setSl] = useState(position.slPrice ?? '');
  const [problems, setProblems] = useState<{ tp?: ValueProblem | null; sl?: ValueProblem | null; none?: boolean }>({});
  const hasAny = Boolean(position.tpPrice || position.slPrice);

  const send = (tpPrice: string, slPrice: string, message: string) =>
    callAndClose(() => save.mutateAsync({ positionId: position.id, tpPrice, slPrice }), message, onDone);

  const submit = () => {
    if (tp.trim() === '' && sl.trim() === '') {
      setProblems({ none: true });
      return;
    }
    const found = checkTpSl(tp, sl, {
      side: position.side,
      reference: position.entryPrice,
      liquidation: position.liquidationPrice,
    });
    setProblems(found);
    if (found.tp || found.sl) return;
    void send(tp, sl, t('perpetual.tpslSheet.saved'));
  };

  return (
    <>
      <Facts>
        <PairFact pair={pair} position={position} />
        <Fact label={t('perpetual.entryPrice')}>
          <Figure>{formatPrice(position.entryPrice, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.markPrice')}>
          <Figure>{formatPrice(position.markPrice, precision)}</Figure>
        </Fact>
        <Fact label={t('perpetual.liquidationPrice')}>
          <Figure>{formatPrice(position.liquidationPrice, precision)}</Figure>
        </Fact>
      </Facts>
      <div className="perp-sheet__form">
        <PriceField
          id="perp-tpsl-tp"
          label={t('perpetual.tpPrice')}
          hint={t(position.side === 'long' ? 'perpetual.tpslSheet.tpHintLong' : 'perpetual.tpslSheet.tpHintShort')}
          value={tp}
          onChange={(v) => {
            setTp(sanitizeAmountInput(v, precision));
            setProblems((p) => ({ ...p, tp: null, none: false }));
          }}
          error={problems.tp ? problemText('tp', problems.tp, precision) : null}
          unit="USDT"
        />
        <PriceField
          id="perp-tpsl-sl"
          label={t('perpetual.slPrice')}
          hint={t(position.side === 'long' ? 'perpetual.tpslSheet.slHintLong' : 'perpetual.tpslSheet.slHintShort')}
          value={sl}
          onChange={(v) => {
            setSl(sanitizeAmountInput(v, precision));
            setProblems((p) => ({ ...p, sl: null, none: false }));
          }}
          error={problems.sl ? problemText('sl', problems.sl, precision) : null}
          unit="USDT"
        />
        {problems.none ? <FieldError id="perp-tpsl">{t('perpetual.errors.selectOne')}</FieldError> : null}
      </div>
      <p className="callout callout--small tone--warning perp-note">{t('perpetual.tpslSheet.note')}</p>
      <SheetActions
        pending={save.isPending}
        cancel={
          hasAny
            ? {
                label: t('perpetual.tpslSheet.remove'),
                onClick: () => void send('', '', t('perpetual.tpslSheet.removed')),
                testId: 'perp-tpsl-remove',
              }
            : { label: t('common.cancel'), onClick: onDone }
        }
        confirm={{ label: t('common.confirm'), tone: 'primary', onClick: submit, testId: 'perp-tpsl-submit' }}
      />
    </>
  );
}
