import { showImage } from '@/shared/show-image';
import { useAuthImage } from '@/shared/use-auth-image';
import { Skeleton } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** A thumbnail of the user's own upload (fetched with the TOKEN header); a tap opens it full screen. */
export function AuthThumb({ url, testId }: { url: string; testId?: string }) {
  const { t } = useTranslation();
  const image = useAuthImage(url);
  if (image.isPending) return <Skeleton animated className="fd-thumb fd-thumb--loading" />;
  if (!image.src) {
    return (
      <button
        type="button"
        className="fd-thumb fd-thumb--missing"
        onClick={() => void image.refetch()}
        aria-label={t('common.retry')}
        data-testid={testId}
      >
        <PictureOutline />
      </button>
    );
  }
  const src = image.src;
  return (
    <button
      type="button"
      className="fd-thumb"
      onClick={() => showImage(src)}
      aria-label={t('funding.deposit.screenshot')}
      data-testid={testId}
      data-loaded="true"
    >
      <img src={src} alt="" />
    </button>
  );
}
