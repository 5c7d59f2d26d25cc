import { useSession } from '@/lib/session-store';
import { subscribeUserEvents } from '@/lib/user-events';
import { renewPush } from '@/lib/web-push';
import { messageKeys } from '@/shared/api/messages';
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
