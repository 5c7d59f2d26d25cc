import { List, Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** One row of a menu card. Its label is also its key: unique within a list. */
export interface MenuItem {
  label: string;
  /** Where a tap leads (the row shows an arrow); a row without one is not a link. */
  to?: string;
  /** The current value at the row's end, muted: the language, the currency. */
  value?: ReactNode;
  /** Anything else at the row's end: a "soon" tag, the version. */
  extra?: ReactNode;
  /** A switch at the row's end, labelled by the row (its test id is the switch's). */
  toggle?: { on: boolean; onChange: (on: boolean) => void; testId: string };
  disabled?: boolean;
  testId?: string;
}

/** A card of menu rows (Mine, Settings, More): links, values, switches, in the order given. */
export function MenuList({ header, items }: { header?: ReactNode; items: readonly MenuItem[] }) {
  const navigate = useNavigate();
  return (
    <List header={header} className="card-list">
      {items.map(({ label, to, value, extra, toggle, disabled, testId }) => (
        <List.Item
          key={label}
          onClick={to ? () => navigate(to) : undefined}
          extra={
            toggle ? (
              <Switch checked={toggle.on} onChange={toggle.onChange} aria-label={label} data-testid={toggle.testId} />
            ) : value !== undefined ? (
              <span className="list-extra">{value}</span>
            ) : (
              extra
            )
          }
          disabled={disabled}
          data-testid={testId}
        >
          {label}
        </List.Item>
      ))}
    </List>
  );
}
