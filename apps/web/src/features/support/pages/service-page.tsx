import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { useSession } from '@/lib/session-store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { supportApi, supportKeys } from '../api/support-api';
import { ChannelList } from '../components/channel-list';
import { Composer } from '../components/composer';
import { MessageList } from '../components/message-list';
import { VisitorForm } from '../components/visitor-form';
import { useSupportHistory } from '../hooks/use-support-history';
import './support.css';

function Channels() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: supportKeys.channels, queryFn: ({ signal }) => supportApi.channels(signal) });
  return (
    <section className="stack sp-block" aria-labelledby="support-channels-title">
      <h2 className="sp-title" id="support-channels-title">
        {t('support.channelsTitle')}
      </h2>
      <QueryView query={query} loading={<Skeleton.Paragraph lineCount={3} animated />}>
        {(data) => <ChannelList channels={data.channels} />}
      </QueryView>
    </section>
  );
}

/** The signed-in user's conversation: history (paged, live), its states, and the composer pinned below. */
function Conversation() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const history = useSupportHistory(true);
  const { query } = history;
  const send = async (text: string, images: string[]) => {
    try {
      await supportApi.send({ text, images });
      await client.invalidateQueries({ queryKey: supportKeys.history });
      return true;
    } catch {
      // The request helper showed why.
      return false;
    }
  };
  let body: React.ReactNode;
  if (query.data === undefined) {
    body = query.isError ? (
      <ErrorState onRetry={() => void query.refetch()} testId="support-history-error" />
    ) : (
      <Skeleton.Paragraph lineCount={5} animated />
    );
  } else if (history.messages.length === 0) {
    body = <EmptyState title={t('support.emptyTitle')} description={t('support.emptyText')} testId="support-empty" />;
  } else {
    body = (
      <MessageList
        messages={history.messages}
        hasOlder={history.hasOlder}
        loadingOlder={history.loadingOlder}
        onLoadOlder={history.loadOlder}
      />
    );
  }
  return (
    <section className="stack sp-block sp-conversation" aria-labelledby="support-chat-title">
      <h2 className="sp-title" id="support-chat-title">
        {t('support.chatTitle')}
      </h2>
      <p className="sp-muted">{t('support.chatIntro')}</p>
      {history.status === 'closed' ? (
        <p className="callout callout--small" data-testid="support-closed">
          {t('support.closedNote')}
        </p>
      ) : null}
      {body}
      <Composer onSend={send} />
    </section>
  );
}

/**
 * Customer service (spec §2 `userPages/service`): the channels operators offer, and the built-in conversation for
 * a signed-in user or, for a visitor, a message answered by e-mail.
 */
export default function ServicePage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => Boolean(s.token));
  return (
    <Page title={t('pages.service.title')} back testId="page-service" className="sp-page">
      <div className="stack">
        <Channels />
        {signedIn ? <Conversation /> : <VisitorForm />}
      </div>
    </Page>
  );
}
