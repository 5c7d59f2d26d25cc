import { useSingleFlight } from '@/lib/use-single-flight';
import { SUPPORT_LIMITS, UPLOAD_LIMITS } from '@nexa/contract';
import { Button, ProgressCircle } from 'antd-mobile';
import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Attachment, useAttachments } from '../hooks/use-attachments';

function AttachmentTile({ item, onRemove }: { item: Attachment; onRemove: () => void }) {
  const { t } = useTranslation();
  const uploading = item.name === null && item.error === null;
  return (
    <li className={`sp-attach${item.error ? ' sp-attach--error' : ''}`} data-testid="support-attachment">
      <img src={item.preview} alt="" className="sp-attach__img" data-testid="support-attachment-preview" />
      {uploading ? (
        <span className="sp-attach__overlay">
          <ProgressCircle
            percent={Math.round(item.progress * 100)}
            style={{ '--size': '28px', '--track-width': '3px' }}
          />
        </span>
      ) : null}
      {item.name ? <span className="visually-hidden" data-testid="support-attachment-done" /> : null}
      <button
        type="button"
        className="sp-attach__remove"
        onClick={onRemove}
        aria-label={t('support.removeImage')}
        data-testid="support-attachment-remove"
      >
        <CloseOutline />
      </button>
    </li>
  );
}

/**
 * Writing a message: text (up to the limit, counted near the end), images picked and uploaded at once with a
 * preview, then one send. Sending waits for the uploads; an image that failed must be removed first.
 */
export function Composer({ onSend }: { onSend: (text: string, images: string[]) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const attachments = useAttachments();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const trimmed = text.trim();
  const left = SUPPORT_LIMITS.textMaxLength - text.length;
  const empty = trimmed === '' && attachments.names.length === 0;
  const send = useSingleFlight(async () => {
    if (await onSend(trimmed, attachments.names)) {
      setText('');
      attachments.clear();
    }
  });
  const problem = attachments.items.find((a) => a.error)?.error ?? null;
  const full = attachments.items.length >= SUPPORT_LIMITS.imagesPerMessage;
  return (
    <form
      className="sp-composer"
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty && !attachments.uploading && !attachments.failed) void send.run();
      }}
      data-testid="support-composer"
    >
      {attachments.items.length > 0 ? (
        <ul className="sp-attachments">
          {attachments.items.map((a) => (
            <AttachmentTile key={a.key} item={a} onRemove={() => attachments.remove(a.key)} />
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert" data-testid="support-attachment-error">
          {problem}
        </p>
      ) : null}
      <div className="sp-composer__row">
        <button
          type="button"
          className="sp-composer__attach"
          onClick={() => input.current?.click()}
          disabled={full}
          aria-label={t('support.attach', { max: SUPPORT_LIMITS.imagesPerMessage })}
          data-testid="support-attach"
        >
          <PictureOutline />
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={UPLOAD_LIMITS.mimeTypes.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          data-testid="support-attach-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            attachments.add(files);
          }}
        />
        <label htmlFor={id} className="visually-hidden">
          {t('support.placeholder')}
        </label>
        <textarea
          id={id}
          className="sp-composer__input"
          rows={1}
          value={text}
          maxLength={SUPPORT_LIMITS.textMaxLength}
          placeholder={t('support.placeholder')}
          onChange={(e) => setText(e.target.value)}
          data-testid="support-input"
        />
        <Button
          type="submit"
          color="primary"
          shape="rounded"
          size="small"
          loading={send.running}
          disabled={empty || attachments.uploading || attachments.failed}
          data-testid="support-send"
        >
          {t('support.send')}
        </Button>
      </div>
      {left <= 200 ? (
        <p className="sp-composer__count" data-testid="support-count">
          {t('support.charsLeft', { count: left })}
        </p>
      ) : null}
    </form>
  );
}
