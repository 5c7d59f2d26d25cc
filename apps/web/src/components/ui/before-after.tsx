import { formatDecimal } from '@/lib/format';
import { Figure } from './figure';
import { ICON, LineIcon } from './line-icon';
import './account.css';

/** A balance before and after a move: `120.5 → 100.5`, the new one stressed (transfer and convert records). */
export function BeforeAfter({ before, after }: { before: string; after: string }) {
  return (
    <>
      <Figure>{formatDecimal(before)}</Figure>
      <LineIcon d={ICON.arrow} size={14} className="flip-rtl balance-change__arrow" />
      <Figure className="balance-change__after">{formatDecimal(after)}</Figure>
    </>
  );
}
