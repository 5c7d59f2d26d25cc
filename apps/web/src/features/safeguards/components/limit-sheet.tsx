import { AmountField } from '@/components/ui/amount-field';
import { PrimaryButton } from '@/components/ui/primary-button';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Sheet } from '@/shared/sheet';
import type { TradingLimitView, TradingLimitsData } from '@nexa/contract';
import { compareDecimal, isPositiveAmount } from '@nexa/rules';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeguardsApi } from '../api/safeguards-api';

/**
 * Setting one limit: a new figure, or none. The sheet says before saving what the server's rule will do: a lower
 * figure applies at once, a higher one (or removing it) after 24 hours.
 */
export function LimitSheet({
  limit,
  onClose,
  onSaved,
}: {
  limit: TradingLimitView | null;
  onClose: () => void;
  onSaved: (data: TradingLimitsData) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSingleFlight(async (value: string | null) => {
    if (value !== null && !isPositiveAmount(value)) {
      setError(t('safeguards.amountInvalid'));
      return;
    }
    try {
      onSaved(await safeguardsApi.setLimit({ kind: limit!.kind, amount: value }));
      setAmount('');
      setError(null);
    } catch {
      // The refusal was toasted; the figure stays for another try.
    }
  });
  const looser = limit?.amount != null && isPositiveAmount(amount) && compareDecimal(amount, limit.amount) > 0;
  return (
    <Sheet
      visible={limit !== null}
      title={limit ? t(`safeguards.kinds.${limit.kind}`) : ''}
      pending={save.running}
      onClose={onClose}
      testId="safeguards-limit-sheet"
      popupClassName="sheet"
      bodyClassName="stack"
    >
      <AmountField
        label={t('safeguards.newLimit')}
        unit="USDT"
        scale={2}
        value={amount}
        onValue={(v) => {
          setAmount(v);
          setError(null);
        }}
        error={error}
        testId="safeguards-limit-amount"
      />
      <p className="callout callout--small" data-testid="safeguards-limit-rule">
        {looser ? t('safeguards.raiseWaits') : t('safeguards.lowerNow')}
      </p>
      <PrimaryButton loading={save.running} onClick={() => void save.run(amount)} testId="safeguards-limit-save">
        {t('common.confirm')}
      </PrimaryButton>
      {limit?.amount !== null ? (
        <Button
          block
          fill="none"
          disabled={save.running}
          onClick={() => void save.run(null)}
          data-testid="safeguards-limit-remove"
        >
          {t('safeguards.remove')}
        </Button>
      ) : null}
    </Sheet>
  );
}
