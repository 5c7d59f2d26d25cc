import { Figure } from '@/components/ui/figure';
import { formatDateTime, isolateLtr } from '@/lib/format';
import type { WithdrawalAddress } from '@nexa/contract';
import { useTranslation } from 'react-i18next';

/** A bound address: its label, the address and, while it is still in its waiting time, from when it can be used. */
export function BoundAddress({ address: a, now = Date.now() }: { address: WithdrawalAddress; now?: number }) {
  const { t } = useTranslation();
  return (
    <span className="fd-bound__card">
      {a.label ? (
        <span dir="auto" className="fd-bound__label" data-testid={`bound-label-${a.chain}`}>
          {a.label}
        </span>
      ) : null}
      <Figure className="fd-bound__mono">{a.address}</Figure>
      {a.usableAt > now ? (
        <span className="fd-bound__pending" data-testid={`bound-pending-${a.chain}`}>
          {t('funding.bindAddress.usableFrom', { time: isolateLtr(formatDateTime(a.usableAt)) })}
        </span>
      ) : null}
    </span>
  );
}
