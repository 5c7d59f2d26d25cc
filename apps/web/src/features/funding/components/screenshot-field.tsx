import { UPLOAD_LIMITS } from '@nexa/contract';
import { ProgressCircle } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadState } from '../hooks/use-image-upload';
import { MAX_UPLOAD_MB } from '../model';

/**
 * The transaction screenshot (spec §2 Deposit): a tap picks an image; it is previewed at once, uploaded with a
 * progress ring, and can be replaced or removed. The hidden <input type=file> carries `<testId>-input`.
 */
export function ScreenshotField({
  state,
  error,
  onPick,
  onRemove,
  testId,
}: {
  state: UploadState;
  error: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const preview = state.status === 'idle' ? null : state.preview;
  const uploading = state.status === 'uploading';
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('funding.deposit.screenshot')}
        <span className="field__hint">{t('funding.deposit.screenshotHint', { mb: String(MAX_UPLOAD_MB) })}</span>
      </label>
      <div className="fd-shot">
        <button
          type="button"
          className={`upload-tile fd-shot__box${preview ? ' fd-shot__box--filled' : ''}`}
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
          data-status={state.status}
        >
          {preview ? (
            <img src={preview} alt="" className="fd-shot__img" data-testid={`${testId}-preview`} />
          ) : (
            <span className="fd-shot__empty">
              <AddOutline className="fd-shot__plus" />
              <span>{t('funding.deposit.upload')}</span>
            </span>
          )}
          {uploading ? (
            <span className="fd-shot__overlay" aria-live="polite">
              <ProgressCircle
                percent={Math.round(state.progress * 100)}
                style={{ '--size': '44px', '--track-width': '4px' }}
              >
                <span className="fd-shot__percent">{Math.round(state.progress * 100)}%</span>
              </ProgressCircle>
              <span className="visually-hidden">{t('funding.deposit.uploading')}</span>
            </span>
          ) : null}
          {state.status === 'done' ? (
            <span className="fd-shot__done" data-testid={`${testId}-done`}>
              {t('funding.deposit.uploaded')}
            </span>
          ) : null}
        </button>
        {preview && !uploading ? (
          <button
            type="button"
            className="fd-shot__remove"
            onClick={onRemove}
            aria-label={t('funding.deposit.removeScreenshot')}
            data-testid={`${testId}-remove`}
          >
            <CloseOutline />
          </button>
        ) : null}
        <input
          ref={input}
          id={id}
          type="file"
          accept={UPLOAD_LIMITS.mimeTypes.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          data-testid={`${testId}-input`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Let the same file be picked again after a failure.
            e.target.value = '';
            if (file) onPick(file);
          }}
        />
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
