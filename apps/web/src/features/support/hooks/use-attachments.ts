import { checkImageFile } from '@/lib/form-rules';
import { UploadError, uploadImage } from '@/lib/upload';
import { SUPPORT_LIMITS } from '@nexa/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Attachment {
  key: number;
  preview: string;
  progress: number;
  /** The stored upload's name once it arrived. */
  name: string | null;
  error: string | null;
}

let nextKey = 0;

/**
 * The images of the message being written: each checked (type, size) before it is sent, previewed at once and
 * uploaded with progress through `common/upload`, at most `SUPPORT_LIMITS.imagesPerMessage`.
 */
export function useAttachments() {
  const { t } = useTranslation();
  const [items, setItems] = useState<Attachment[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const update = useCallback(
    (key: number, patch: Partial<Attachment>) =>
      setItems((list) => list.map((a) => (a.key === key ? { ...a, ...patch } : a))),
    [],
  );

  const add = useCallback(
    (files: File[], current: number) => {
      const room = SUPPORT_LIMITS.imagesPerMessage - current;
      for (const file of files.slice(0, Math.max(0, room))) {
        const key = ++nextKey;
        const problem = checkImageFile(file, { type: 'support.imageType', size: 'support.imageSize' } as const);
        const preview = URL.createObjectURL(file);
        setItems((list) => [...list, { key, preview, progress: 0, name: null, error: problem && t(problem) }]);
        if (problem) continue;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadImage(file, (progress) => update(key, { progress }), controller.signal)
          .then((data) => update(key, { name: data.name, progress: 1 }))
          .catch((err: unknown) => {
            if (err instanceof DOMException && err.name === 'AbortError') return;
            update(key, { error: err instanceof UploadError ? err.message : t('errors.network') });
          })
          .finally(() => controllers.current.delete(key));
      }
    },
    [t, update],
  );

  const remove = useCallback((key: number) => {
    controllers.current.get(key)?.abort();
    setItems((list) => {
      const gone = list.find((a) => a.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((a) => a.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((list) => {
      for (const a of list) URL.revokeObjectURL(a.preview);
      return [];
    });
  }, []);

  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const c of open.values()) c.abort();
    };
  }, []);

  return {
    items,
    add: (files: File[]) => add(files, items.length),
    remove,
    clear,
    uploading: items.some((a) => a.name === null && a.error === null),
    failed: items.some((a) => a.error !== null),
    names: items.flatMap((a) => (a.name ? [a.name] : [])),
  };
}
