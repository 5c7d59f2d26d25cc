import { UploadError, uploadImage } from '@/lib/upload';
import type { UploadData } from '@nexa/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FundingError, checkImageFile } from '../model';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; preview: string; progress: number }
  | { status: 'done'; preview: string; data: UploadData }
  | { status: 'failed'; preview: string | null; error: FundingError | string };

/**
 * One image picked, checked (type, size) before anything is sent, previewed at once and uploaded with progress.
 * `error` is a FundingError key for our own checks, or the server's sentence (already in the user's language).
 */
export function useImageUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const preview = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const forgetPreview = useCallback(() => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  }, []);

  useEffect(
    () => () => {
      inFlight.current?.abort();
      forgetPreview();
    },
    [forgetPreview],
  );

  const pick = useCallback(
    async (file: File) => {
      inFlight.current?.abort();
      forgetPreview();
      const problem = checkImageFile(file);
      if (problem) {
        setState({ status: 'failed', preview: null, error: problem });
        return;
      }
      const url = URL.createObjectURL(file);
      preview.current = url;
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ status: 'uploading', preview: url, progress: 0 });
      try {
        const data = await uploadImage(
          file,
          (progress) => {
            if (!controller.signal.aborted) setState({ status: 'uploading', preview: url, progress });
          },
          controller.signal,
        );
        if (!controller.signal.aborted) setState({ status: 'done', preview: url, data });
      } catch (error) {
        if (controller.signal.aborted) return;
        // A file the server refused for its content (named .png, not an image) is no picture to keep on the tile: a
        // broken image there read as half uploaded. One that is an image stays, to be sent again.
        const keep = await decodes(url);
        if (controller.signal.aborted) return;
        if (!keep) forgetPreview();
        setState({
          status: 'failed',
          preview: keep ? url : null,
          error: error instanceof UploadError ? error.message : 'uploadFailed',
        });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [forgetPreview],
  );

  const reset = useCallback(() => {
    inFlight.current?.abort();
    forgetPreview();
    setState({ status: 'idle' });
  }, [forgetPreview]);

  return { state, pick, reset };
}

/** Whether the browser can draw the image at `url`. */
function decodes(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = url;
  });
}
