import { fetchFile } from '@/lib/upload';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * An upload shown in an <img>: the file is served only with the owner's TOKEN header, which an <img src> cannot
 * send, so it is fetched as a blob and shown through an object URL (revoked when no longer shown).
 */
export function useAuthImage(url: string | null) {
  const query = useQuery({
    queryKey: ['auth-file', url],
    enabled: url !== null,
    queryFn: ({ signal }) => fetchFile(url as string, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { src, isError: query.isError, isPending: query.isPending && url !== null, refetch: query.refetch };
}
