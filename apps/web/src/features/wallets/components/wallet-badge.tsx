import { LineIcon } from '@/components/ui/line-icon';
import type { Wallet } from '@nexa/contract';

const GLYPH: Record<Wallet | 'account', string> = {
  account: 'M4 7.5h16v11H4zM4 7.5l2-3h12l2 3M15 13h2',
  spot: 'M12 4v16M8 8h6a2.5 2.5 0 0 1 0 5H9a2.5 2.5 0 0 0 0 5h7',
  delivery: 'M12 7v5l3 2M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17z',
  perpetual: 'M7 8h10l-3-3M17 16H7l3 3',
  copy: 'M9 9h10v10H9zM15 9V5H5v10h4',
};

/** A round tinted mark per wallet, so the rows scan at a glance. */
export function WalletBadge({ wallet }: { wallet: Wallet | 'account' }) {
  return (
    <span className={`wallet-badge wallet-badge--${wallet}`} aria-hidden="true">
      <LineIcon d={GLYPH[wallet]} size={18} />
    </span>
  );
}
