import { UploadError, uploadImage } from '@/lib/upload';
import { UPLOAD_LIMITS } from '@nexa/contract';
import { SpinLoading } from 'antd-mobile';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage } from '../model';

type Side = 'front' | 'back';

/**
 * One ID photo: pick an image, check it here as the server will (its content, ≤ 5 MB), upload it (common/upload),
 * preview it. A problem, found here or by the server, is said under the photo. `onChange` gets the stored upload's
 * name, or null while none is uploaded; `onBusy` says an upload is running.
 */
export function PhotoUpload({
  side,
  value,
  error,
  onChange,
  onBusy,
}: {
  side: Side;
  value: string | null;
  error?: string | null;
  onChange: (name: string | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const testId = `kyc-${side}`;

  // The preview is the local file: the stored image is readable by its owner only with the TOKEN header.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refused = await checkImage(file);
    if (refused) {
      setProblem(t(refused, { max: UPLOAD_LIMITS.maxBytes / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onBusy(true);
    onChange(null);
    try {
      const stored = await uploadImage(file, () => undefined);
      onChange(stored.name);
    } catch (error) {
      // The server's refusal (or the transport failure) in the user's language, said under the photo as every other
      // refusal of the form is, and only there; the tile offers to choose again.
      setProblem(error instanceof UploadError ? error.message : t('errors.network'));
      setPreview(null);
    } finally {
      setUploading(false);
      onBusy(false);
    }
  };

  const shown = problem ?? error ?? null;
  const done = Boolean(value) && !uploading;
  return (
    <div className={`kyc-photo${shown ? ' kyc-photo--error' : ''}`}>
      <button
        type="button"
        className="upload-tile kyc-photo__tile"
        onClick={() => inputRef.current?.click()}
        disabled={uploading}
        aria-describedby={shown ? errorId : undefined}
        aria-busy={uploading}
        data-testid={testId}
        data-state={uploading ? 'uploading' : done ? 'done' : 'empty'}
      >
        {preview ? (
          <img className="kyc-photo__img" src={preview} alt={t(`kyc.${side}`)} />
        ) : (
          <span className="kyc-photo__placeholder" aria-hidden="true">
            <svg viewBox="0 0 48 36" width="56" height="42" fill="none" aria-hidden="true">
              <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <rect x="1" y="1" width="46" height="34" rx="5" />
                {side === 'front' ? (
                  <>
                    <circle cx="15" cy="15" r="5" />
                    <path d="M7 28c1.5-4 4.5-6 8-6s6.5 2 8 6M28 12h12M28 18h12M28 24h8" />
                  </>
                ) : (
                  <path d="M1 9h46M7 20h20M7 26h14" />
                )}
              </g>
            </svg>
            <span className="kyc-photo__plus">+</span>
          </span>
        )}
        {uploading ? (
          <output className="kyc-photo__overlay">
            <SpinLoading color="white" style={{ '--size': '24px' }} />
            <span>{t('kyc.uploading')}</span>
          </output>
        ) : done ? (
          <span className="kyc-photo__badge">{t('kyc.reupload')}</span>
        ) : null}
      </button>
      <span className="kyc-photo__label">{t(`kyc.${side}`)}</span>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_LIMITS.mimeTypes.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // choosing the same file again still fires
          void choose(file);
        }}
        data-testid={`${testId}-input`}
      />
      {shown ? (
        <p className="field__error" id={errorId} data-testid={`${testId}-error`}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}
