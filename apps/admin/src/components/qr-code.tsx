import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/**
 * `text` as a QR code image, drawn like the app's (apps/web/src/shared/qr-code.tsx): error correction H, dark on
 * white, which scanners expect. The encoder (the `qrcode` package) loads with the first code drawn, not with the
 * console.
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
          errorCorrectionLevel: 'H',
          margin: 2,
          width: 480,
          color: { dark: '#000000', light: '#ffffff' },
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
      style={{ width: size, height: size, display: 'grid', placeItems: 'center', background: '#fff' }}
      data-testid={testId}
      data-ready={src ? 'true' : 'false'}
    >
      {src ? <img src={src} alt={label} width={size} height={size} /> : failed ? null : <Spin />}
    </div>
  );
}
