import { useEffect } from 'react';

/** A table's paging driven by the screen's page state: fixed page size, no size changer. */
export const pager = (page: number, pageSize: number, total: number, onChange: (page: number) => void) => ({
  current: page,
  pageSize,
  total,
  onChange,
  showSizeChanger: false,
});

/**
 * Steps the page back to the last one that has rows when the total shrinks under it: deciding the last records of
 * a review queue's last page left an empty table with a pager of "1" while records still waited on page 1.
 */
export function usePageWithin(
  page: number,
  setPage: (page: number) => void,
  total: number | undefined,
  pageSize: number,
) {
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (page > last) setPage(last);
  }, [page, setPage, total, pageSize]);
}
