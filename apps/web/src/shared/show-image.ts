import { closeOnNavigate } from '@/lib/overlays';
import { ImageViewer } from 'antd-mobile';

// The viewer renders outside the page: it closes with the route, as dialogs do.
closeOnNavigate(() => ImageViewer.clear());

/** Opens an image full screen (pinch to zoom, tap to close). */
export function showImage(src: string): void {
  ImageViewer.show({ image: src });
}
