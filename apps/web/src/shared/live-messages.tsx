import { useSession } from '@/lib/session-store';
import { subscribeUserEvents } from '@/lib/user-events';
import { renewPush } from '@/lib/web-push';
import { fundingKeys } from '@/shared/api/funding-keys';
import { messageKeys } from '@/shared/api/messages';
import type { MessageKind } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The message centre follows the `user` channel: a `message.new` or `message.removed` (an announcement deleted) sets
 * the bell's unread count at once and has the inbox read again; a resync reads both again. Rendered once, inside the
 * query provider.
 */
export default function LiveMessages() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    void renewPush().catch(() => {});
    return subscribeUserEvents(
      {
        onEvent: (event) => {
          if (event.type !== 'message.new' && event.type !== 'message.removed') return;
          client.setQueryData(messageKeys.unread, { unread: event.unread });
          void client.invalidateQueries({ queryKey: messageKeys.list });
          // A message that tells of a decision on a record: the record's list is read again (it said "Under review"
          // for up to its 30 s of staleness while the balance had already moved).
          const records = event.type === 'message.new' ? recordsToldOf(event.message.kind) : [];
          for (const queryKey of records) void client.invalidateQueries({ queryKey });
        },
        onResync: () => void client.invalidateQueries({ queryKey: messageKeys.all }),
        onLive: () => {},
      },
      // Mounted once signed in, after the screens first read balances and messages.
      { catchUp: true },
    );
  }, [token, client]);
  return null;
}

/** The queries whose records a message of this kind tells of a change to. */
function recordsToldOf(kind: MessageKind): readonly (readonly string[])[] {
  if (kind.startsWith('deposit.')) return [fundingKeys.deposits];
  if (kind.startsWith('withdrawal.')) return [fundingKeys.withdrawals];
  // Withdrawals paused or resumed by an operator: the withdrawal page's payment options say so.
  if (kind.startsWith('withdrawals.')) return [fundingKeys.payment];
  return [];
}
