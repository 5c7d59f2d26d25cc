import { QR_OPTIONS } from '@/shared/qr-code';
import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the saved poster is a JPEG at quality 0.92, like the QR code inside it (error correction H). */
export const POSTER_QUALITY = 0.92;
const W = 600;
const H = 840;

interface PosterText {
  title: string;
  subtitle: string;
  codeLabel: string;
  code: string;
  link: string;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = src;
  });
}

/** Draws the poster (title, the code, the QR of the link) and returns it as a JPEG data URL. */
export async function drawPoster(text: PosterText, rtl: boolean): Promise<string> {
  const qr = await import('qrcode');
  const qrUrl = await qr.toDataURL(text.link, {
    ...QR_OPTIONS,
    color: { ...QR_OPTIONS.color },
    rendererOpts: { ...QR_OPTIONS.rendererOpts },
  });
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#1b3a8a');
  bg.addColorStop(1, '#0b1220');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 40px system-ui, sans-serif';
  ctx.fillText(text.title, W / 2, 96, W - 64);
  ctx.font = '24px system-ui, sans-serif';
  ctx.fillStyle = '#c9d4f2';
  ctx.fillText(text.subtitle, W / 2, 144, W - 64);
  // The code on a white card, dark on white for scanners.
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(110, 200, 380, 460, 24);
  ctx.fill();
  ctx.drawImage(await loadImage(qrUrl), 130, 220, 340, 340);
  ctx.fillStyle = '#5b6478';
  ctx.font = '22px system-ui, sans-serif';
  ctx.fillText(text.codeLabel, W / 2, 598, 340);
  ctx.fillStyle = '#0b1220';
  ctx.font = 'bold 34px ui-monospace, monospace';
  ctx.direction = 'ltr';
  ctx.fillText(text.code, W / 2, 640, 340);
  ctx.fillStyle = '#c9d4f2';
  ctx.font = '18px ui-monospace, monospace';
  ctx.fillText(text.link, W / 2, 720, W - 48);
  return canvas.toDataURL('image/jpeg', POSTER_QUALITY);
}

/** The poster as an image (long-press saves it on a phone) and a button that downloads it. */
export function InvitePoster({ code, link }: { code: string; link: string }) {
  const { t, i18n } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const rtl = i18n.dir() === 'rtl';
  const title = t('referral.poster.title');
  const subtitle = t('referral.poster.subtitle');
  const codeLabel = t('referral.inviteCode');
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    drawPoster({ title, subtitle, codeLabel, code, link }, rtl)
      .then((url) => live && setSrc(url))
      .catch((error: unknown) => {
        console.error('[referral] could not draw the poster', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [title, subtitle, codeLabel, code, link, rtl]);
  if (failed) return <p className="callout tone--danger">{t('referral.poster.failed')}</p>;
  return (
    <div className="ref-poster" data-testid="referral-poster" data-ready={src ? 'true' : 'false'}>
      {src ? (
        <img src={src} alt={t('referral.poster.alt')} className="ref-poster__img" />
      ) : (
        <div className="ref-poster__loading">
          <SpinLoading color="primary" />
        </div>
      )}
      <Button
        block
        color="primary"
        disabled={!src}
        data-testid="referral-poster-save"
        onClick={() => {
          if (!src) return;
          const a = document.createElement('a');
          a.href = src;
          a.download = `invite-${code}.jpg`;
          a.click();
        }}
      >
        {t('referral.poster.save')}
      </Button>
    </div>
  );
}
