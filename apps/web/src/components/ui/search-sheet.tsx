import { ErrorState } from '@/components/ui/error-state';
import { Popup, SpinLoading } from 'antd-mobile';
import { CheckOutline, CloseOutline, SearchOutline } from 'antd-mobile-icons';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useBackCloses } from './use-back-closes';
import './account.css';

/** What the sheet needs of the query that loads its list. */
interface ListQuery<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A bottom sheet with a search box over a long list (countries, calling codes): a spinner while the list loads,
 * an error with retry, "nothing found", else the rows with the chosen one ticked and scrolled into view on opening.
 * The search is cleared on close.
 */
export function SearchSheet<T>({
  open,
  onClose,
  title,
  closeLabel,
  placeholder,
  searchLabel,
  searchTestId,
  list,
  matches,
  empty,
  keyOf,
  isSelected,
  onPick,
  code,
  name,
  optionTestId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  placeholder: string;
  searchLabel?: string;
  searchTestId: string;
  list: ListQuery<T>;
  /** Whether a row matches the search, trimmed and lower-cased (never empty). */
  matches: (item: T, query: string) => boolean;
  empty: ReactNode;
  keyOf: (item: T) => string;
  isSelected: (item: T) => boolean;
  onPick: (item: T) => void;
  /** The short code at the start of a row (the calling code, the country code). */
  code: (item: T) => ReactNode;
  name: (item: T) => ReactNode;
  optionTestId: (item: T) => string;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const filtered = useMemo(() => {
    const all = list.data ?? [];
    const q = deferred.trim().toLowerCase();
    return q ? all.filter((item) => matches(item, q)) : all;
  }, [list.data, deferred, matches]);

  // Opening the sheet shows the current choice, not the top of a 240-country list.
  const bodyRef = useRef<HTMLDivElement>(null);
  const hasList = Boolean(list.data);
  useEffect(() => {
    if (!open || !hasList) return;
    const id = requestAnimationFrame(() => {
      bodyRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(id);
  }, [open, hasList]);

  const close = () => {
    onClose();
    setQuery('');
  };
  useBackCloses(open, close);

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} position="bottom" bodyClassName="sheet">
      <div className="sheet__header">
        <h2 className="sheet__title">{title}</h2>
        <button type="button" className="icon-button" onClick={close} aria-label={closeLabel}>
          <CloseOutline />
        </button>
      </div>
      <div className="sheet__search">
        <SearchOutline className="sheet__search-icon" />
        <input
          className="sheet__search-input"
          placeholder={placeholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={searchLabel}
          data-testid={searchTestId}
        />
      </div>
      <div className="sheet__body" ref={bodyRef}>
        {list.isPending ? (
          <div className="sheet__state">
            <SpinLoading color="primary" />
          </div>
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : filtered.length === 0 ? (
          <p className="sheet__state">{empty}</p>
        ) : (
          <ul className="region-list">
            {filtered.map((item) => {
              const selected = isSelected(item);
              return (
                <li key={keyOf(item)}>
                  <button
                    type="button"
                    className={`region-list__item${selected ? ' region-list__item--selected' : ''}`}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => {
                      onPick(item);
                      close();
                    }}
                    data-testid={optionTestId(item)}
                  >
                    {code(item)}
                    <span className="region-list__name">{name(item)}</span>
                    {selected ? <CheckOutline className="region-list__check" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Popup>
  );
}
