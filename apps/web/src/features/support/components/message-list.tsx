import { formatDateTime, isolateLtr } from '@/lib/format';
import { showImage } from '@/shared/show-image';
import { useAuthImage } from '@/shared/use-auth-image';
import type { SupportImage, SupportMessage } from '@nexa/contract';
import { Button, Skeleton } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

function MessageImage({ image, testId }: { image: SupportImage; testId: string }) {
  const { t } = useTranslation();
  const { src, isPending, refetch } = useAuthImage(image.url);
  if (isPending) return <Skeleton animated className="sp-image sp-image--loading" />;
  if (!src) {
    return (
      <button
        type="button"
        className="sp-image sp-image--missing"
        onClick={() => void refetch()}
        aria-label={t('common.retry')}
      >
        <PictureOutline />
      </button>
    );
  }
  return (
    <button
      type="button"
      className="sp-image"
      onClick={() => showImage(src)}
      aria-label={t('support.openImage')}
      data-testid={testId}
      data-loaded="true"
    >
      <img src={src} alt="" />
    </button>
  );
}

/** One message: the text as text (never HTML), its images as thumbnails, who wrote it and when. */
function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.author !== 'operator';
  return (
    <li
      className={`sp-bubble sp-bubble--${mine ? 'mine' : 'theirs'}`}
      data-testid={`support-message-${message.author}`}
      data-id={message.id}
    >
      {mine ? null : <span className="sp-bubble__who">{t('support.agent')}</span>}
      {message.text ? (
        <p className="sp-bubble__text" dir="auto">
          {message.text}
        </p>
      ) : null}
      {message.images.length > 0 ? (
        <div className="sp-bubble__images">
          {message.images.map((img) => (
            <MessageImage key={img.name} image={img} testId={`support-image-${message.author}`} />
          ))}
        </div>
      ) : null}
      <time className="sp-bubble__time">{isolateLtr(formatDateTime(message.createdAt))}</time>
    </li>
  );
}

/** The conversation, oldest first, with "earlier messages" on top; follows the newest message as it arrives. */
export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: SupportMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest) end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  return (
    <div className="sp-thread">
      {hasOlder ? (
        <Button size="small" fill="none" loading={loadingOlder} onClick={onLoadOlder} data-testid="support-older">
          {t('support.older')}
        </Button>
      ) : null}
      <ol className="sp-messages" data-testid="support-messages" aria-live="polite">
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
      </ol>
      <div ref={end} />
    </div>
  );
}
