import { useTranslation } from 'react-i18next';

/** Change types this app has names for; the list grows with the trading features. */
const NAMED = {
  transfer_out: 'changeTypes.transfer_out',
  transfer_in: 'changeTypes.transfer_in',
  demo_claim: 'changeTypes.demo_claim',
  deposit: 'changeTypes.deposit',
  withdrawal_freeze: 'changeTypes.withdrawal_freeze',
  withdrawal_paid: 'changeTypes.withdrawal_paid',
  withdrawal_refund: 'changeTypes.withdrawal_refund',
  convert_out: 'changeTypes.convert_out',
  convert_in: 'changeTypes.convert_in',
  perp_margin: 'changeTypes.perp_margin',
  perp_margin_add: 'changeTypes.perp_margin_add',
  perp_fee: 'changeTypes.perp_fee',
  perp_profit: 'changeTypes.perp_profit',
  perp_loss: 'changeTypes.perp_loss',
  perp_liquidation: 'changeTypes.perp_liquidation',
  copy_stake: 'changeTypes.copy_stake',
  copy_refund: 'changeTypes.copy_refund',
  copy_profit_share: 'changeTypes.copy_profit_share',
  adjustment: 'changeTypes.adjustment',
} as const;

function isNamed(type: string): type is keyof typeof NAMED {
  return Object.hasOwn(NAMED, type);
}

/**
 * The localized name of an account change type. A type the server added before this app learned its name is
 * still shown (its code, made readable) rather than hiding the row.
 */
export function useChangeTypeName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => (isNamed(type) ? t(NAMED[type]) : type.replace(/_/g, ' '));
}
