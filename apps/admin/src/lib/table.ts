/** A table's paging driven by the screen's page state: fixed page size, no size changer. */
export const pager = (page: number, pageSize: number, total: number, onChange: (page: number) => void) => ({
  current: page,
  pageSize,
  total,
  onChange,
  showSizeChanger: false,
});
