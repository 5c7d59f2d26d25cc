import { confirmSummary } from '@/components/ui/confirm-summary';
import { UnitFigure } from '@/components/ui/figure';
import { SelectSheet } from '@/components/ui/select-sheet';
import { SwapButton } from '@/components/ui/swap-button';
import { formatAmount, formatDecimal } from '@/lib/format';
import { CURRENCIES, WALLETS, type Wallet } from '@nexa/contract';
import { DownOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TransferForm, TransferInput } from '../hooks/use-transfer-form';
import { WalletBadge } from './wallet-badge';

export type TransferSheet = 'from' | 'to' | 'currency' | null;

const SIDES = ['from', 'to'] as const;

/** From and to, one above the other with a line between them, and the swap button beside. */
export function TransferRouteCard({ form, onSheet }: { form: TransferForm; onSheet: (s: TransferSheet) => void }) {
  const { t } = useTranslation();
  const row = (side: 'from' | 'to', wallet: Wallet) => (
    <button
      type="button"
      className={`transfer-card__row${side === 'to' ? ' transfer-card__row--to' : ''}`}
      onClick={() => onSheet(side)}
      data-testid={`transfer-${side}`}
    >
      <span className={`transfer-card__dot transfer-card__dot--${side}`} aria-hidden="true" />
      <span className="transfer-card__label">{t(`transfer.${side}`)}</span>
      <span className="transfer-card__wallet">{t(`wallets.${wallet}`)}</span>
      <DownOutline className="transfer-card__chevron" />
    </button>
  );
  return (
    <section className="transfer-card">
      <div className="transfer-card__rows">
        {row('from', form.from)}
        <span className="transfer-card__line" aria-hidden="true" />
        {row('to', form.to)}
      </div>
      <SwapButton
        onClick={form.swap}
        label={t('transfer.swap')}
        className="transfer-card__swap"
        testId="transfer-swap"
      />
    </section>
  );
}

/** The wallet pickers (each wallet with what it holds of the chosen currency) and the currency picker. */
export function TransferSheets({
  form,
  sheet,
  onClose,
}: {
  form: TransferForm;
  sheet: TransferSheet;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const walletOptions = WALLETS.map((wallet) => {
    const balance = form.property.data?.wallets.find((w) => w.wallet === wallet);
    return {
      value: wallet,
      label: (
        <span className="wallet-option">
          <WalletBadge wallet={wallet} />
          {t(`wallets.${wallet}`)}
        </span>
      ),
      // What the wallet holds of the currency being moved, not the USDT value of everything in it: "Spot
      // 7,499.77 USDT" beside "Available 6,500.00 USDT" read as USDT the user did not have.
      extra: balance ? (
        <span className="select-sheet__extra" data-testid={`transfer-option-available-${wallet}`}>
          <UnitFigure unit={form.active}>
            {formatAmount(
              balance.currencies.find((c) => c.currency === form.active)?.available ?? '0',
              CURRENCIES[form.active].scale,
            )}
          </UnitFigure>
        </span>
      ) : undefined,
    };
  });
  return (
    <>
      {SIDES.map((side) => (
        <SelectSheet
          key={side}
          visible={sheet === side}
          title={t(side === 'from' ? 'transfer.selectFrom' : 'transfer.selectTo')}
          options={walletOptions}
          value={form[side]}
          onSelect={side === 'from' ? form.chooseFrom : form.chooseTo}
          onClose={onClose}
          testId={`transfer-${side}`}
        />
      ))}
      <SelectSheet
        visible={sheet === 'currency'}
        title={t('transfer.selectCurrency')}
        options={form.currencies.map((c) => ({ value: c, label: c }))}
        value={form.active}
        onSelect={form.chooseCurrency}
        onClose={onClose}
        testId="transfer-currency"
      />
    </>
  );
}

/** Asks the user to confirm the transfer: amount, from, to. */
export function confirmTransfer(t: TFunction, input: TransferInput): Promise<boolean> {
  const amount = formatAmount(input.amount, CURRENCIES[input.currency].scale);
  return confirmSummary(t, {
    title: t('transfer.confirmTitle'),
    testId: 'transfer',
    rows: [
      { label: t('transfer.amount'), value: <UnitFigure unit={input.currency}>{amount}</UnitFigure> },
      { label: t('transfer.from'), value: t(`wallets.${input.from}`) },
      { label: t('transfer.to'), value: t(`wallets.${input.to}`) },
    ],
  });
}
