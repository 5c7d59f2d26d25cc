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
  /** The row is a switch, drawn at its end; a tap anywhere on the row toggles it (its test id is the switch's). */
  toggle?: { on: boolean; onChange: (on: boolean) => void; testId: string };
  disabled?: boolean;
  testId?: string;
}

/** A card of menu rows (Mine, Settings, More): links, values, switches, in the order given. */
export function MenuList({ header, items }: { header?: ReactNode; items: readonly MenuItem[] }) {
  const navigate = useNavigate();
  return (
    <List header={header} className="card-list">
      {items.map(({ label, to, value, extra, toggle, disabled, testId }) =>
        toggle ? (
          // A switch row is one control: its label is the switch (a button whose tap area is the whole row), the
          // drawn switch only shows its state. Before, only the small switch answered a tap.
          <List.Item
            key={label}
            className="menu-toggle"
            extra={<Switch checked={toggle.on} className="menu-toggle__switch" aria-hidden="true" />}
            disabled={disabled}
            data-testid={testId}
          >
            <button
              type="button"
              role="switch"
              aria-checked={toggle.on}
              className="menu-toggle__button"
              disabled={disabled}
              onClick={() => toggle.onChange(!toggle.on)}
              data-testid={toggle.testId}
            >
              {label}
            </button>
          </List.Item>
        ) : (
          <List.Item
            key={label}
            onClick={to ? () => navigate(to) : undefined}
            extra={value !== undefined ? <span className="list-extra">{value}</span> : extra}
            disabled={disabled}
            data-testid={testId}
          >
            {label}
          </List.Item>
        ),
      )}
    </List>
  );
}
