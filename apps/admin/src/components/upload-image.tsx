import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../lib/api';
import { useMay } from '../lib/role';

/**
 * An upload shown with the operator's token; click to open it zoomable (wheel, buttons, rotate). The zoom opens the
 * image fitted to most of the window (`.upload-zoom` in styles.css), never smaller than it is in the drawer: at its
 * natural size a 400×300 phone upload opened smaller than its thumbnail.
 */
export function UploadImage({ url, alt, testId }: { url: string | null; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const allowed = useMay()('admin/file');
  const q = useQuery({
    queryKey: ['file', url],
    queryFn: () => fileUrl(url!),
    enabled: url !== null && allowed,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (url === null) return <Alert type="info" title={t('review.noImage')} />;
  if (!allowed) return <Alert type="info" title={t('review.fileForbidden')} data-testid="file-forbidden" />;
  if (q.error) return <Alert type="error" showIcon title={q.error.message} />;
  if (!q.data) return <Skeleton.Image active style={{ width: 320, height: 240 }} />;
  return (
    <Image
      src={q.data}
      alt={alt}
      width="100%"
      style={{ maxHeight: 560, objectFit: 'contain', background: '#fafafa' }}
      classNames={{ popup: { root: 'upload-zoom' } }}
      data-testid={testId}
    />
  );
}
