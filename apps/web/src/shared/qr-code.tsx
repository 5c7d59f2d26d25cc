import { SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import './qr-code.css';

/** Spec §9: error correction level H, image quality 0.92. */
export const QR_OPTIONS = {
  errorCorrectionLevel: 'H',
  type: 'image/jpeg',
  rendererOpts: { quality: 0.92 },
  margin: 2,
  width: 480,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/**
 * `text` as a QR code image. The encoder (the `qrcode` package) is loaded with this component, so it only weighs on
 * the chunks of the pages that draw one (deposit address, 2FA enrolment). Drawn dark on white in both themes: scanners expect that contrast.
 */
export function QrCode({
  text,
  label,
  size = 180,
  testId,
}: { text: string; label: string; size?: number; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    import('qrcode')
      .then((qr) =>
        qr.toDataURL(text, {
          ...QR_OPTIONS,
          color: { ...QR_OPTIONS.color },
          rendererOpts: { ...QR_OPTIONS.rendererOpts },
        }),
      )
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch((error: unknown) => {
        console.error('[qr] could not draw the code', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div
      className="qr-code"
      style={{ width: size, height: size }}
      data-testid={testId}
      data-ready={src ? 'true' : 'false'}
    >
      {src ? (
        <img src={src} alt={label} width={size} height={size} />
      ) : failed ? null : (
        <SpinLoading color="primary" style={{ '--size': '28px' }} />
      )}
    </div>
  );
}
